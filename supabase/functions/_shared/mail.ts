/** One e-mail with a plain-text and an HTML body; the runtime decides how it is delivered. */
export type MailMessage = { to: string; subject: string; text: string; html: string; replyTo?: string | undefined };

export type SendMail = (message: MailMessage) => Promise<unknown>;

/** Escapes text for an HTML body. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
