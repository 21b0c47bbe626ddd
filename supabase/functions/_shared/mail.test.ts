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
    expect(htmlParagraph('https://x.example/other', 'https://x.example/app')).not.toContain('<a href=');
  });

  it('never turns typed markup into a link or an attribute', () => {
    const paragraph = htmlParagraph('See https://x.example/"onmouseover="alert(1)', site);
    expect(paragraph).not.toContain('"onmouseover');
    expect(paragraph).toContain('href="https://x.example/&quot;onmouseover=&quot;alert(1"');
  });
});
