import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { StyleProvider } from './app/style-provider.tsx';
import { appSystem } from './app/theme.ts';
import { markAppLive } from './lib/use-is-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <StyleProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StyleProvider>
  </StrictMode>
);

/** Lets the browser paint and handle input between the steps of start-up (each is a task of its own). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * After the bundle is evaluated: the styling system is built (tens of milliseconds, several times that on
 * a phone), then the page is rendered, each in a task of its own.
 */
async function start(container: HTMLElement) {
  await nextTask();
  appSystem();
  await nextTask();
  // Public pages are prerendered at build time (entry-prerender.tsx): hydrate them, as a transition so that
  // React works in small slices and the page stays responsive meanwhile; other routes start empty.
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else {
    // Nothing to hydrate: every component renders for the browser from the start.
    markAppLive();
    createRoot(container).render(app);
  }
}

void start(root);
