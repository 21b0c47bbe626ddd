import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api.ts';

/**
 * `extra` reaches every query function (RTK Query's `extra`): the desktop app passes the repository its
 * admin screens read through (features/admin/admin-repository.ts); the web build passes nothing.
 */
export function createStore(extra: Record<string, unknown> = {}) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
