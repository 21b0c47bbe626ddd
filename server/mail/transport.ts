import type { Queryable } from '../db/database.ts';
import { createDevMailbox, type DevMailbox } from './dev-mailbox.ts';
import { createSmtpTransport, type SmtpTransport } from './smtp.ts';

/** One e-mail: both a plain-text and an HTML body, as every e-mail the product sends has. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | undefined;
};

/** Where e-mail goes: the local dev mailbox, or a real SMTP server. Auth and the e-mail function share it. */
export type MailTransport = {
  kind: 'dev-mailbox' | 'smtp';
  /** Sends (or stores) the message; resolves with its id once it is accepted. */
  send(message: MailMessage): Promise<{ id: string }>;
  close(): Promise<void>;
};

/** The dev mailbox in local mode (SMTP_URL unset), else nodemailer over SMTP_URL. */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Queryable;
}): DevMailbox | SmtpTransport {
  return options.smtpUrl
    ? createSmtpTransport(options.smtpUrl, options.from)
    : createDevMailbox(options.db, options.from);
}
