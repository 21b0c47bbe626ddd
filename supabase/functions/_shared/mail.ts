import { brand } from '../../../shared/brand/brand.ts';

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
 * The site's pages our e-mails link to (the portal, its sign-up, an application in the dashboard, a lender's
 * package): only these become links. Others of the site's addresses do things when opened (a password reset's
 * link, an account's confirmation, the dev mailbox), and someone could type one into a note we e-mail.
 */
const LINKED_PAGES: readonly string[] = ['/portal', '/portal/login', '/admin', '/lender'];

/**
 * Whether a web address is one of ours to link: one of LINKED_PAGES on the site (`siteUrl`, its path included), or
 * the scheduling page. The address is read as escaped text ('&amp;'), which changes neither its origin nor its path.
 */
function isOurAddress(address: string, siteUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  const scheduling = new URL(brand.schedulingUrl);
  if (url.origin === scheduling.origin && url.pathname === scheduling.pathname) return true;
  const site = new URL(siteUrl);
  const base = site.pathname.replace(/\/$/, '');
  return url.origin === site.origin && LINKED_PAGES.some((page) => url.pathname === `${base}${page}`);
}

/**
 * One line (or note) of an e-mail as an HTML paragraph: escaped, its line breaks kept, and our own web addresses
 * (the site's pages at `siteUrl` our e-mails link to, the scheduling page) links, as the plain-text part shows
 * them. Any other address stays
 * text: names and notes are typed by others (a visitor's first name on the sign-up form can be a whole
 * sentence), and our sender must not hand a stranger's link a click.
 */
export function htmlParagraph(line: string, siteUrl: string): string {
  const escaped = escapeHtml(line).replaceAll('\n', '<br>');
  return `<p>${escaped.replace(WEB_ADDRESS, (address) =>
    isOurAddress(address, siteUrl) ? `<a href="${address}">${address}</a>` : address,
  )}</p>`;
}

/** An e-mail's HTML part: its lines as paragraphs (see htmlParagraph), then `after` (markup of its own, if any). */
export function htmlEmail(lines: string[], siteUrl: string, after = ''): string {
  return `<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5">${lines
    .map((line) => htmlParagraph(line, siteUrl))
    .join('')}${after}</body></html>`;
}

/** An e-mail of paragraphs: the plain-text part with a blank line between them, the HTML part as htmlEmail makes it. */
export function linesEmail(to: string, subject: string, lines: string[], siteUrl: string): MailMessage {
  return { to, subject, text: lines.join('\n\n'), html: htmlEmail(lines, siteUrl) };
}
