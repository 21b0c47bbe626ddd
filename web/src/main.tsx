import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { StyleProvider } from './app/style-provider.tsx';

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

// Public pages are prerendered at build time (entry-prerender.tsx): hydrate them, as a transition so that
// React works in small slices and the page stays responsive meanwhile; other routes start empty.
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
