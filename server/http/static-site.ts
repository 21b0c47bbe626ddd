import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SPA_SHELL } from '../cli/web-build.ts';
import { registerHashedAssets } from './hashed-assets.ts';
import { pathIsUnder } from './request-path.ts';

/** Paths the API owns: never answered with the web app. */
export const apiPrefixes = ['/rest/', '/auth/', '/storage/', '/functions/', '/_dev/', '/config.json', '/health'];

const prerenderedPath = /^\/[a-z0-9-]+(?:\/[a-z0-9-]+)*\/?$/;

/**
 * The file for a page: the route prerendered at build time (dist/web/faq/index.html for /faq) when there
 * is one, else the empty app page (spa.html; index.html in builds older than prerendering).
 */
function pageFor(webDir: string, url: string): string {
  if (url === '/') return 'index.html';
  if (prerenderedPath.test(url)) {
    const page = path.join(url.replace(/\/$/, '').slice(1), 'index.html');
    if (existsSync(path.join(webDir, page))) return page;
  }
  return existsSync(path.join(webDir, SPA_SHELL)) ? SPA_SHELL : 'index.html';
}

/** Whether a request's Accept header asks for a page (a browser's navigation sends text/html first). */
function acceptsHtml(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((type) => type.trim().startsWith('text/html'));
}

const blogPostPath = /^\/blog\/([^/]+)\/?$/;

/**
 * Whether the path is a blog post's that does not exist: each post's body is in the build as blog/{slug}.md,
 * which the post's page reads (web/src/features/blog).
 */
function isMissingBlogPost(webDir: string, url: string): boolean {
  const slug = blogPostPath.exec(url)?.[1];
  if (slug === undefined) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return true;
  }
  return !/^[a-z0-9-]+$/.test(decoded) || !existsSync(path.join(webDir, 'blog', `${decoded}.md`));
}

/**
 * Serves the web build: hashed assets (/assets/) cached for a year, everything else revalidated, and index.html
 * for any other GET that asks for a page (the SPA fallback, so deep links work).
 */
export async function registerStaticSite(app: FastifyInstance, webDir: string): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    registerHashedAssets(app, path.join(webDir, 'assets'));
    // The web build ships .br and .gz copies of its text files (see web/vite.config.ts).
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      preCompressed: true,
      index: 'index.html',
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A path like a file's (/x.json) is a page only when a browser navigates to it: it then gets the app's
    // 'not found' page rather than an API error (a script or image asked for is still a plain 404).
    const looksLikeFile = Boolean(path.extname(url));
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathIsUnder(request.url, apiPrefixes) &&
      (!looksLikeFile || acceptsHtml(request.headers.accept));
    if (!isPage) {
      return reply.code(404).send({ code: 'not_found', message: `No route for ${request.method} ${url}` });
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build:web` (npm start does this for you).');
    }
    reply.header('Cache-Control', 'no-cache');
    // The app shows its 'not found' page for these; the status says so too (search engines, link checkers).
    if (looksLikeFile || isMissingBlogPost(webDir, url)) reply.code(404);
    return reply.type('text/html; charset=utf-8').sendFile(pageFor(webDir, url));
  });
}
