import type { FastifyInstance } from 'fastify';
import { localPageHeaders, registerLocalOnlyRoutes } from '../http/local-only-routes.ts';
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
     * Answer 404 to a request that came through a proxy (server/http/local-only-routes.ts). Off when
     * DEV_MAILBOX=on says to serve it.
     */
    refuseProxied: boolean;
    /** The names SITE_URL and API_EXTERNAL_URL give this server (server/http/local-only-routes.ts). */
    siteHosts: readonly string[];
  },
): void {
  registerLocalOnlyRoutes(app, options, (scope) => {
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
      return reply.headers(localPageHeaders).type('text/html; charset=utf-8').send(renderMailboxPage(messages));
    });
  });
}
