import { existsSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

/**
 * A plain static file host, standing in for the one a hosted deployment puts the web build on (Netlify, Vercel,
 * S3 behind a CDN): files as they are, `/faq` from `faq/index.html`, and every other path answered with the empty
 * app page `spa.html` (the README's deployment step 5), or with `fallback`: many hosts fall back to index.html
 * unless told otherwise. Nothing of server/: no API, no headers of its own.
 */
export async function startStaticHost(
  root: string,
  host = 'localhost',
  fallback = 'spa.html',
): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  await app.register(fastifyStatic, { root, index: ['index.html'], redirect: false, wildcard: true });
  app.setNotFoundHandler((request, reply) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://host').pathname);
    const page = path.join(root, pathname, 'index.html');
    const inside = page.startsWith(root + path.sep);
    if (inside && existsSync(page) && statSync(page).isFile()) {
      return reply.sendFile(path.relative(root, page), root);
    }
    return reply.sendFile(fallback, root);
  });
  const address = await app.listen({ host, port: 0 });
  const port = new URL(address).port;
  return { url: `http://${host}:${port}`, close: () => app.close() };
}

/**
 * A port free on 127.0.0.1 now (the system picks it), for a server that must know its own address before it
 * starts (server/ given API_EXTERNAL_URL).
 */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
