import type { FastifyInstance } from 'fastify';
import { cameThroughProxy } from '../http/request-origin.ts';
import type { DevMailbox } from './dev-mailbox.ts';
import { renderMailboxPage } from './mailbox-page.ts';

/**
 * Local mode's mailbox, as the Supabase CLI's Mailpit: GET /_dev/mailbox (HTML) and
 * GET /_dev/mailbox/messages (JSON, newest first, `?to=` to filter by recipient).
 */
export function registerDevMailbox(
  app: FastifyInstance,
  mailbox: DevMailbox,
  options: {
    /**
     * Answer 404 to a request that came through a proxy (any of X-Forwarded-For, Forwarded, X-Real-IP, Via...): served because HOST is
     * loopback, the mailbox is for this machine's own browser, and a proxy on this machine would otherwise hand
     * every password-reset link in it to whoever reaches the proxy. Off when DEV_MAILBOX=on says to serve it.
     */
    refuseProxied: boolean;
  },
): void {
  // The routes live in a scope of their own, and the proxy check is a hook of that scope: it runs on every request
  // the router gives these routes, however its path was written ('/%5Fdev/mailbox', '/_dev/mailbox/messages/'),
  // instead of a test of the raw URL that another spelling of the same path would pass.
  void app.register(async (scope) => {
    if (options.refuseProxied) {
      scope.addHook('onRequest', async (request, reply) => {
        if (cameThroughProxy(request.headers)) {
          await reply.code(404).send({ message: 'Not Found' });
        }
      });
    }
    scope.get('/_dev/mailbox/messages', async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const to = typeof query.to === 'string' && query.to !== '' ? query.to : undefined;
      const messages = await mailbox.list({ to });
      reply.header('Cache-Control', 'no-store');
      return messages.map(({ id, to: recipient, subject, text, html, created_at }) => ({
        id,
        to: recipient,
        subject,
        text,
        html,
        created_at,
      }));
    });

    scope.get('/_dev/mailbox', async (_request, reply) => {
      const messages = await mailbox.list();
      return reply
        .header('Cache-Control', 'no-store')
        .header(
          'Content-Security-Policy',
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
        )
        .header('X-Content-Type-Options', 'nosniff')
        .type('text/html; charset=utf-8')
        .send(renderMailboxPage(messages));
    });
  });
}
