import { Global } from '@emotion/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { GLOBAL_CSS_ATTRIBUTE, StyleProvider } from './app/style-provider.tsx';
import { appSystem } from './app/theme.ts';

/**
 * The prerendered pages a visitor can use with no script at all: text, links (which load the next page when the
 * app is not running yet) and the top bar's menu, a native popover (components/nav-drawer.tsx). Their page loads
 * no script before it is usable; the app starts when needed (AppStart 'when-needed' in
 * server/cli/web-build.ts) to take over navigation and show who is signed in.
 */
export const routesUsableWithoutScript = [
  '/',
  '/how-it-works',
  '/faq',
  '/about',
  '/loans',
  '/booking-success',
  '/terms',
  '/privacy',
] as const;

/**
 * Prerendered form pages whose app starts at the visitor's first input (AppStart 'at-first-input' in
 * server/cli/web-build.ts): their controls are disabled until it runs, and the one pressed to start it then gets the
 * focus (components/client-fieldset.tsx).
 */
export const formRoutesStartedAtFirstInput = ['/calculator', '/apply'] as const;

/** The prerendered pages the app makes usable: the form pages above, and the blog (its newsletter form). */
const routesNeedingTheApp = [...formRoutesStartedAtFirstInput, '/blog'] as const;

/**
 * The public pages rendered to HTML at build time (server/cli/web-build.ts writes each into a copy of
 * index.html), so they read and paint before any script runs; main.tsx then hydrates them. Only routes
 * whose first render needs nothing from the browser (storage, session, fetched content) are listed.
 */
export const prerenderedRoutes = [...routesUsableWithoutScript, ...routesNeedingTheApp] as const;

/**
 * The global CSS every page of the web build carries in its <head>: the cascade layers' order, the CSS
 * reset, the global styles and the design tokens' variables, as ChakraProvider would add them at run time
 * (see StyleProvider: pages that have it skip that work).
 */
export function globalStyleSheet(): string {
  const system = appSystem();
  const markup = renderToStaticMarkup(
    <>
      <Global styles={system.layers.atRule} />
      <Global styles={system._global} />
    </>,
  );
  const css = Array.from(markup.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g), (match) => match[1]).join('');
  if (!css.includes('--chakra-colors-')) throw new Error('The global CSS has no token variables');
  return `<style ${GLOBAL_CSS_ATTRIBUTE}>${css}</style>`;
}

/**
 * The HTML of one route: hoisted <title>/<meta> first, then the page with its styles inline (the build
 * gathers them into <head>: hoistEmotionStyles in server/cli/web-build.ts). Large
 * Suspense boundaries are kept in place (not outlined for streaming), so the page needs no script to show.
 */
export async function renderRoute(url: string): Promise<string> {
  const problems: unknown[] = [];
  const { prelude } = await prerender(
    <StyleProvider globalCssInDocument>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </StyleProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void problems.push(error) },
  );
  if (problems.length > 0) throw new Error(`Prerendering ${url} failed: ${String(problems[0])}`);
  return new Response(prelude).text();
}
