import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { StyleProvider } from './app/style-provider.tsx';

/**
 * The public pages rendered to HTML at build time (server/cli/web-build.ts writes each into a copy of
 * index.html), so they read and paint before any script runs; main.tsx then hydrates them. Only routes
 * whose first render needs nothing from the browser (storage, session, fetched content) are listed.
 */
export const prerenderedRoutes = [
  '/',
  '/how-it-works',
  '/faq',
  '/about',
  '/loans',
  '/booking-success',
  '/terms',
  '/privacy',
  '/calculator',
  '/apply',
  '/blog',
] as const;

/**
 * The HTML of one route: hoisted <title>/<meta> first, then the page with its styles inline. Large
 * Suspense boundaries are kept in place (not outlined for streaming), so the page needs no script to show.
 */
export async function renderRoute(url: string): Promise<string> {
  const problems: unknown[] = [];
  const { prelude } = await prerender(
    <StyleProvider>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </StyleProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void problems.push(error) },
  );
  if (problems.length > 0) throw new Error(`Prerendering ${url} failed: ${String(problems[0])}`);
  return new Response(prelude).text();
}
