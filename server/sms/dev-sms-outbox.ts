import type { FastifyInstance } from 'fastify';
import { brand } from '../../shared/brand/brand.ts';
import { DEV_SMS_SID_PREFIX } from '../../supabase/functions/_shared/sms-sender.ts';
import type { Queryable } from '../db/database.ts';
import { localPageHeaders, registerLocalOnlyRoutes } from '../http/local-only-routes.ts';
import { devPage, escapeHtml, linkify } from '../mail/mailbox-page.ts';

/** A text the dev outbox took instead of a provider (a row of sms_messages). */
export type DevText = { id: string; to: string; body: string; kind: string; sent_at: string };

async function devTexts(db: Queryable, to: string | undefined): Promise<DevText[]> {
  const { rows } = await db.query<DevText>(
    `select id::text, phone_e164 as "to", body, kind, sent_at::text
       from public.sms_messages
      where provider_sid like $1 and ($2::text is null or phone_e164 = $2)
      order by sent_at desc, id
      limit 200`,
    [`${DEV_SMS_SID_PREFIX}%`, to ?? null],
  );
  return rows;
}

function renderOutbox(texts: DevText[]): string {
  const items = texts
    .map(
      (text) => `<article>
  <p class="meta">To <strong>${escapeHtml(text.to)}</strong> · ${escapeHtml(text.kind)} · <time datetime="${escapeHtml(text.sent_at)}">${escapeHtml(text.sent_at)}</time></p>
  <p class="body">${linkify(text.body)}</p>
</article>`,
    )
    .join('\n');
  return devPage(
    'Dev SMS outbox',
    `Every text ${escapeHtml(brand.productName)} sent without an SMS provider (TWILIO_* are not set), newest first. As JSON: <a href="/_dev/sms/messages">/_dev/sms/messages</a>. To answer as the phone would (YES, STOP, HELP), POST {"from": "+1...", "body": "YES"} to /_dev/sms/replies. The e-mails are in the <a href="/_dev/mailbox">dev mailbox</a>.`,
    items || '<p>No text yet.</p>',
  );
}

/** A reply from a phone, as the phone would send it: its number in E.164 and its words. */
type PhoneReply = { from: string; body: string };

function phoneReplyOf(body: unknown): PhoneReply | undefined {
  const { from, body: words } = (body ?? {}) as Record<string, unknown>;
  return typeof from === 'string' && typeof words === 'string' ? { from, body: words } : undefined;
}

/**
 * The dev SMS outbox, beside the dev mailbox and served on the same terms: GET /_dev/sms (HTML) and
 * GET /_dev/sms/messages (JSON, newest first, `?to=+1...` to filter by number). Without a provider no phone can
 * answer, so POST /_dev/sms/replies ({"from": "+1...", "body": "YES"}) stands in for one: the reply is taken as the
 * SMS webhook takes Twilio's (`takeReply`), and the answer a phone would get comes back as {"reply": ...}.
 */
export function registerDevSmsOutbox(
  app: FastifyInstance,
  db: Queryable,
  options: { refuseProxied: boolean; siteHosts: readonly string[] },
  takeReply: (reply: PhoneReply) => Promise<string | null>,
): void {
  registerLocalOnlyRoutes(app, options, (scope) => {
    scope.post('/_dev/sms/replies', async (request, reply) => {
      const phoneReply = phoneReplyOf(request.body);
      if (!phoneReply) return reply.code(400).send({ message: 'Send {"from": "+1...", "body": "..."}' });
      reply.header('Cache-Control', 'no-store');
      return { reply: await takeReply(phoneReply) };
    });
    scope.get('/_dev/sms/messages', async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const to = typeof query.to === 'string' && query.to !== '' ? query.to : undefined;
      reply.header('Cache-Control', 'no-store');
      return devTexts(db, to);
    });
    scope.get('/_dev/sms', async (_request, reply) =>
      reply
        .headers(localPageHeaders)
        .type('text/html; charset=utf-8')
        .send(renderOutbox(await devTexts(db, undefined))),
    );
  });
}
