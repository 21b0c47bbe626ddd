import { Provider as ReduxProvider } from 'react-redux';
import { Outlet } from 'react-router';
import { appStore } from './app-store.ts';

/**
 * A pathless layout route that gives its child routes the Redux store (RTK Query). It is lazy, so that
 * Redux Toolkit loads with the first page that talks to the backend, not with the home page.
 */
export function StoreLayout() {
  return (
    <ReduxProvider store={appStore}>
      <Outlet />
    </ReduxProvider>
  );
}
