import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { useDispatch } from 'react-redux';

/** What a failed query reports: a message fit to show, and the provider's code when there is one. */
export type ApiError = {
  message: string;
  code?: string | undefined;
  /** A write refused because the row changed meanwhile: the row's version (updated_at) the server holds now. */
  currentVersion?: string | null;
};

/**
 * The one RTK Query api of the app. Features add their endpoints with api.injectEndpoints; query
 * functions turn supabase-js {data, error} into results and never throw through React.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<ApiError>(),
  tagTypes: [
    'Application',
    'Client',
    'IndexValues',
    'Portal',
    'PortalLenders',
    'PortalOffers',
    'PortalSms',
    'Registration',
  ],
  endpoints: () => ({}),
});

/** The store's dispatch, typed for the api's thunks (an endpoint's initiate, getRunningQueriesThunk). */
export const useApiDispatch = () => useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
