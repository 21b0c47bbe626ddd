import { createStore } from './store.ts';

/** The app's one Redux store (RTK Query cache), shared by every route that renders under StoreLayout. */
export const appStore = createStore();
