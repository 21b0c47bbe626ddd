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

/** A web address in escaped text, without the punctuation that ends a sentence after it. */
const WEB_ADDRESS = /https?:\/\/[^\s<]*[^\s<.,;:!?)]/g;

/**
 * One line (or note) of an e-mail as an HTML paragraph: escaped, its line breaks kept, and its web addresses
 * links, as the plain-text part shows them.
 */
export function htmlParagraph(line: string): string {
  const escaped = escapeHtml(line).replaceAll('\n', '<br>');
  return `<p>${escaped.replace(WEB_ADDRESS, (address) => `<a href="${address}">${address}</a>`)}</p>`;
}

/** An e-mail's HTML part: its lines as paragraphs (see htmlParagraph), then `after` (markup of its own, if any). */
export function htmlEmail(lines: string[], after = ''): string {
  return `<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5">${lines
    .map(htmlParagraph)
    .join('')}${after}</body></html>`;
}
