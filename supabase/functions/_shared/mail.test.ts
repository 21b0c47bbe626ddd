import { describe, expect, it } from 'vitest';
import { brand } from '../../../shared/brand/brand.ts';
import { htmlParagraph } from './mail.ts';

const site = 'https://x.example';

describe('htmlParagraph', () => {
  it('escapes the text and keeps its line breaks', () => {
    expect(htmlParagraph('Thanks, <b>Lena</b> & co\nSecond line', site)).toBe(
      '<p>Thanks, &lt;b&gt;Lena&lt;/b&gt; &amp; co<br>Second line</p>',
    );
  });

  it('makes each of our web addresses a link, leaving a sentence’s closing punctuation out of it', () => {
    expect(
      htmlParagraph(
        `Book it here: ${brand.schedulingUrl}. Or sign up at https://x.example/portal/login?mode=signup&x=1`,
        site,
      ),
    ).toBe(
      `<p>Book it here: <a href="${brand.schedulingUrl}">${brand.schedulingUrl}</a>. Or sign up at <a href="https://x.example/portal/login?mode=signup&amp;x=1">https://x.example/portal/login?mode=signup&amp;x=1</a></p>`,
    );
  });

  it('leaves any other address as text: a name or note someone typed must not become a link in our e-mail', () => {
    for (const address of [
      'https://evil.example/claim',
      'https://x.example.evil.example/portal',
      'http://x.example/portal',
      `${new URL(brand.schedulingUrl).origin}/someone-else`,
    ]) {
      expect(htmlParagraph(`APPROVED. Claim it at ${address}`, site)).toBe(`<p>APPROVED. Claim it at ${address}</p>`);
    }
    // A site under a path: only that path is ours.
    expect(htmlParagraph('https://x.example/app/portal', 'https://x.example/app')).toContain('<a href=');
    expect(htmlParagraph('https://x.example/portal', 'https://x.example/app')).not.toContain('<a href=');
  });

  it('links only the pages our e-mails link to: none of the site’s addresses that do something when opened', () => {
    for (const page of ['/portal', '/portal/login?mode=signup', '/admin?list=approved&application=1', '/lender#t']) {
      expect(htmlParagraph(`https://x.example${page}`, site), page).toContain('<a href=');
    }
    for (const address of [
      'https://x.example/portal/reset-password#access_token=a.b.c&type=recovery',
      'https://x.example/auth/v1/verify?token=abc&type=signup&redirect_to=https://x.example/portal',
      'https://x.example/_dev/mailbox',
      'https://x.example/portal/documents',
      'https://x.example/',
    ]) {
      expect(htmlParagraph(`See ${address}`, site), address).not.toContain('<a href=');
    }
  });

  it('never turns typed markup into a link or an attribute', () => {
    const paragraph = htmlParagraph('See https://x.example/portal?"onmouseover="alert(1)', site);
    expect(paragraph).not.toContain('"onmouseover');
    expect(paragraph).toContain('href="https://x.example/portal?&quot;onmouseover=&quot;alert(1"');
  });
});
