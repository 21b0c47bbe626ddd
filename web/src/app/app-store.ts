import { onAccountChange } from '../lib/auth-state.ts';
import { api } from '../lib/api.ts';
import { createStore } from './store.ts';

/** The app's one Redux store (RTK Query cache), shared by every route that renders under StoreLayout. */
export const appStore = createStore();

// What was read for one account is never shown to the next one signed in in this browser (the pages still
// mounted read again for the new account).
onAccountChange(() => appStore.dispatch(api.util.resetApiState()));
