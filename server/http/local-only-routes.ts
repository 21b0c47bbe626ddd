import type { FastifyInstance } from 'fastify';
import { cameThroughProxy } from './request-origin.ts';

/**
 * Registers routes meant for this machine's own browser only (the dev mailbox, the dev SMS outbox), in a scope of
 * their own. With `refuseProxied`, a request that came through a proxy (any of X-Forwarded-For, Forwarded,
 * X-Real-IP, Via...) is answered 404: served because HOST is loopback, these pages are for this machine, and a
 * proxy on it would otherwise hand what they hold (password-reset links) to whoever reaches the proxy. The check
 * is a hook of the scope, so it runs on every request the router gives these routes, however its path was written
 * ('/%5Fdev/mailbox', '/_dev/mailbox/messages/'), instead of a test of the raw URL that another spelling would pass.
 */
export function registerLocalOnlyRoutes(
  app: FastifyInstance,
  refuseProxied: boolean,
  routes: (scope: FastifyInstance) => void,
): void {
  void app.register(async (scope) => {
    if (refuseProxied) {
      scope.addHook('onRequest', async (request, reply) => {
        if (cameThroughProxy(request.headers)) {
          await reply.code(404).send({ message: 'Not Found' });
        }
      });
    }
    routes(scope);
  });
}

/** The headers of a page these routes serve: never cached, no script, nothing framed or submitted. */
export const localPageHeaders = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
} as const;
