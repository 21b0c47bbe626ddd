import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router.tsx';
import { StyleProvider } from './style-provider.tsx';

export { appSystem } from './theme.ts';
export { markAppLive } from '../lib/use-is-client.ts';
export { loadScreenCode } from './router.tsx';

/** The whole web app: styling, the browser's router and the routes. */
export const app = (
  <StrictMode>
    <StyleProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StyleProvider>
  </StrictMode>
);
