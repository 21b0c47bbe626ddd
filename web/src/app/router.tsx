import { createBrowserRouter } from 'react-router';
import { SiteLayout } from '../components/site-layout.tsx';

/** Every route of spec section 2; pages load on demand so the home page carries no other screen's code. */
export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/marketing/home-page.tsx')).HomePage }),
      },
      {
        path: 'apply',
        lazy: async () => ({ Component: (await import('../features/apply/apply-page.tsx')).ApplyPage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/marketing/not-found-page.tsx')).NotFoundPage }),
      },
    ],
  },
]);
