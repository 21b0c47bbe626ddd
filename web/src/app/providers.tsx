import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { appStore } from './app-store.ts';
import { StyleProvider } from './style-provider.tsx';

/**
 * Styling and the Redux store together, for hosts that render a feature outside the web router (the
 * desktop renderer). The web app itself uses StyleProvider at the root and StoreLayout for the routes
 * that need the store, which keeps Redux out of the home page's first paint.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={appStore}>
      <StyleProvider>{children}</StyleProvider>
    </ReduxProvider>
  );
}
