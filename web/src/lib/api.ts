import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';

/** What a failed query reports: a message fit to show, and the provider's code when there is one. */
export type ApiError = { message: string; code?: string | undefined };

/**
 * The one RTK Query api of the app. Features add their endpoints with api.injectEndpoints; query
 * functions turn supabase-js {data, error} into results and never throw through React.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<ApiError>(),
  tagTypes: ['Application', 'Client', 'Portal', 'PortalLenders', 'Registration'],
  endpoints: () => ({}),
});
