import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { StyleProvider } from './app/style-provider.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <StyleProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StyleProvider>
  </StrictMode>,
);
