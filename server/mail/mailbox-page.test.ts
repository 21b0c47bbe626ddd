import { describe, expect, it } from 'vitest';
import { escapeHtml, linkify, renderMailboxPage } from './mailbox-page.ts';

const message = (overrides: Partial<Parameters<typeof renderMailboxPage>[0][number]>) => ({
  id: '1',
  to: 'maria@example.com',
  from: 'Loan Match <hello@example.com>',
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
  created_at: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

describe('linkify', () => {
  it('turns http(s) URLs into links and escapes everything else', () => {
    expect(linkify('Open https://x.example/verify?token=a&type=signup now.')).toBe(
      'Open <a href="https://x.example/verify?token=a&amp;type=signup">https://x.example/verify?token=a&amp;type=signup</a> now.',
    );
    expect(linkify('<b>javascript:alert(1)</b>')).toBe('&lt;b&gt;javascript:alert(1)&lt;/b&gt;');
  });

  it('cannot be broken out of an attribute', () => {
    expect(linkify('https://x.example/"onmouseover="alert(1)')).toBe(
      '<a href="https://x.example/">https://x.example/</a>&quot;onmouseover=&quot;alert(1)',
    );
  });
});

describe('renderMailboxPage', () => {
  it('lists every message in the order given, with every field escaped', () => {
    const page = renderMailboxPage([
      message({ id: '2', subject: '<script>alert(1)</script>', to: 'a"b@example.com', text: 'body-two' }),
      message({ id: '1', subject: 'First & foremost', text: 'body-one https://loans.example.com/x' }),
    ]);
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('a&quot;b@example.com');
    expect(page).toContain('First &amp; foremost');
    expect(page).toContain('<a href="https://loans.example.com/x">');
    expect(page.indexOf('body-two')).toBeGreaterThan(0);
    expect(page.indexOf('body-two')).toBeLessThan(page.indexOf('body-one'));
  });

  it('says so when there is no e-mail', () => {
    expect(renderMailboxPage([])).toContain('No e-mail yet.');
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
