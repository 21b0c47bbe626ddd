import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { MailMessage, MailTransport } from './transport.ts';

/** An e-mail as the dev mailbox keeps and serves it. */
export type StoredMail = {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
};

export type DevMailbox = MailTransport & {
  kind: 'dev-mailbox';
  /** Every stored e-mail, newest first, optionally only those to one address. */
  list(options?: { to?: string | undefined; limit?: number | undefined }): Promise<StoredMail[]>;
};

type MailRow = {
  id: string;
  recipient: string;
  sender: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
};

/**
 * Local mode's "e-mail": each message is stored in the database (table _dev.mailbox), so it survives
 * restarts and is wiped with the database by `npm run db:reset`.
 */
export function createDevMailbox(db: Queryable, from: string): DevMailbox {
  return {
    kind: 'dev-mailbox',
    async send(message: MailMessage) {
      const id = randomUUID();
      await db.query(
        `insert into _dev.mailbox (id, recipient, sender, subject, text_body, html_body) values ($1, $2, $3, $4, $5, $6)`,
        [id, message.to, from, message.subject, message.text, message.html],
      );
      return { id };
    },
    async list(options = {}) {
      const result = await db.query<MailRow>(
        `select id, recipient, sender, subject, text_body, html_body, created_at from _dev.mailbox
         where $1::text is null or lower(recipient) = lower($1::text)
         order by position desc limit $2`,
        [options.to ?? null, options.limit ?? null],
      );
      return result.rows.map((row) => ({
        id: row.id,
        to: row.recipient,
        from: row.sender,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        created_at: new Date(row.created_at).toISOString(),
      }));
    },
    async close() {},
  };
}
