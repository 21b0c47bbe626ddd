import { describe, expect, it } from 'vitest';
import { htmlParagraph } from './mail.ts';

describe('htmlParagraph', () => {
  it('escapes the text and keeps its line breaks', () => {
    expect(htmlParagraph('Thanks, <b>Lena</b> & co\nSecond line')).toBe(
      '<p>Thanks, &lt;b&gt;Lena&lt;/b&gt; &amp; co<br>Second line</p>',
    );
  });

  it('makes each web address a link, leaving a sentence’s closing punctuation out of it', () => {
    expect(
      htmlParagraph(
        'Book it here: https://calendly.com/loan-match/30min. Or sign up at https://x.example/portal/login?mode=signup',
      ),
    ).toBe(
      '<p>Book it here: <a href="https://calendly.com/loan-match/30min">https://calendly.com/loan-match/30min</a>. Or sign up at <a href="https://x.example/portal/login?mode=signup">https://x.example/portal/login?mode=signup</a></p>',
    );
  });

  it('never turns typed markup into a link or an attribute', () => {
    const paragraph = htmlParagraph('See https://evil.example/"onmouseover="alert(1)');
    expect(paragraph).not.toContain('"onmouseover');
    expect(paragraph).toContain('href="https://evil.example/&quot;onmouseover=&quot;alert(1"');
  });
});
