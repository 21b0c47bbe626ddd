import { brand } from '../../shared/brand/brand.ts';
import type { StoredMail } from './dev-mailbox.ts';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

const urlPattern = /https?:\/\/[^\s<>"']+/g;

/** Escapes text and turns each http(s) URL in it into a link; nothing else becomes markup. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The dev mailbox page: every e-mail, newest first, text bodies with clickable links, all else escaped. */
export function renderMailboxPage(messages: StoredMail[]): string {
  const items = messages
    .map(
      (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(message.to)}</strong> · from ${escapeHtml(message.from)} · <time datetime="${escapeHtml(message.created_at)}">${escapeHtml(message.created_at)}</time></p>
  <div class="body">${linkify(message.text)}</div>
</article>`,
    )
    .join('\n');
  return devPage(
    'Dev mailbox',
    `Every e-mail ${escapeHtml(brand.productName)} sent in local mode (SMTP_URL is not set), newest first. As JSON: <a href="/_dev/mailbox/messages">/_dev/mailbox/messages</a>.`,
    items || '<p>No e-mail yet.</p>',
  );
}

/** A page of the local-only dev routes: its title, a line saying what it lists (HTML), and the list (HTML). */
export function devPage(title: string, introHtml: string, itemsHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(brand.productName)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1a202c; }
  article { border: 1px solid #cbd5e0; border-radius: 0.5rem; padding: 1rem 1.25rem; margin: 1rem 0; }
  h2 { font-size: 1.1rem; margin: 0 0 0.25rem; }
  .meta { color: #4a5568; font-size: 0.9rem; margin: 0 0 0.75rem; }
  .body { white-space: pre-wrap; overflow-wrap: anywhere; }
  a { color: #2b6cb0; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${introHtml}</p>
${itemsHtml}
</body>
</html>
`;
}
