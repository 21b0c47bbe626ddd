import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../config.ts';
import { cameThroughProxy, parseRequestOrigin } from './request-origin.ts';

/**
 * Registers routes meant for this machine's own browser only (the dev mailbox, the dev SMS outbox), in a scope of
 * their own. Every request the router gives these routes passes the scope's hooks, however its path was written
 * ('/%5Fdev/mailbox', '/_dev/mailbox/messages/'), rather than a test of the raw URL that another spelling would pass.
 * - A request from another site's page is answered 403 (`crossSite`): the API answers any origin (CORS `*`), and
 *   these pages hold password-reset links, so any page the developer visits could otherwise read them.
 * - With `refuseProxied`, a request that came through a proxy (any of X-Forwarded-For, Forwarded, X-Real-IP,
 *   Via...) is answered 404: served because HOST is loopback, these pages are for this machine, and a proxy on it
 *   would otherwise hand what they hold to whoever reaches the proxy.
 * `siteHosts` are the names SITE_URL and API_EXTERNAL_URL give this server: with the loopback names and plain
 * addresses, the only names a request may reach these pages under.
 */
export function registerLocalOnlyRoutes(
  app: FastifyInstance,
  options: { refuseProxied: boolean; siteHosts: readonly string[] },
  routes: (scope: FastifyInstance) => void,
): void {
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (options.refuseProxied && cameThroughProxy(request.headers)) {
        await reply.code(404).send({ message: 'Not Found' });
      } else if (crossSite(request, options.siteHosts)) {
        await reply.code(403).send({ message: 'This page answers only its own pages, on this server' });
      }
    });
    routes(scope);
  });
}

/**
 * Whether a request came from another site's page, as far as a browser tells:
 * - Sec-Fetch-Site other than 'same-origin' or 'none' (typed in the address bar): a page elsewhere asked, unless it
 *   is a link followed in the tab itself (a GET navigation to a document: the developer clicked the mailbox's
 *   address on the Vite page, say), whose answer only the developer sees, never the page that had the link;
 * - an Origin other than the request's own: the same, from a browser that does not send Sec-Fetch-Site;
 * - a Host that is none of this machine's names, an address, or the site's configured name: a page whose own
 *   name was pointed at this machine (DNS rebinding) asks as 'same-origin', under its own name.
 */
export function crossSite(
  request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host' | 'method'>,
  siteHosts: readonly string[],
): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  const followedLink =
    request.method === 'GET' &&
    request.headers['sec-fetch-mode'] === 'navigate' &&
    request.headers['sec-fetch-dest'] === 'document';
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none' && !followedLink) return true;
  const own = parseRequestOrigin({ protocol: request.protocol, host: request.host });
  if (!own) return true;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== own.origin) return true;
  const address = own.hostname.replace(/^\[(.*)\]$/, '$1');
  return !(isLoopbackHost(own.hostname) || isIP(address) !== 0 || siteHosts.includes(own.hostname));
}

/** The headers of a page these routes serve: never cached, no script, nothing framed or submitted. */
export const localPageHeaders = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
} as const;
