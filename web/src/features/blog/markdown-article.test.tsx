import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StyleProvider } from '../../app/style-provider.tsx';
import { MarkdownArticle } from './markdown-article.tsx';

/** The article's own markup (the <style> tags Chakra emits before it are left out). */
function render(markdown: string): string {
  const html = renderToStaticMarkup(
    <StyleProvider>
      <MemoryRouter>
        <MarkdownArticle markdown={markdown} />
      </MemoryRouter>
    </StyleProvider>,
  );
  return html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
}

describe('MarkdownArticle', () => {
  it('renders markdown and GitHub-flavoured tables', () => {
    const html = render(
      '## Terms\n\nUp to **25 years**.\n\n- one\n- two\n\n| Loan | Rate |\n|---|---|\n| 7(a) | Prime + 3% |\n',
    );
    expect(html).toContain('<h2>Terms</h2>');
    expect(html).toContain('<strong>25 years</strong>');
    expect(html).toMatch(/<li>one<\/li>\s*<li>two<\/li>/);
    expect(html).toContain('<td>Prime + 3%</td>');
    expect(html).toMatch(/<div[^>]*role="region"[^>]*tabindex="0"[^>]*><table>/);
  });

  it('drops raw HTML tags instead of rendering them (their text stays plain text)', () => {
    const html = render(
      'Before <script>alert(1)</script> <b>bold</b> <img src=x onerror="alert(2)">\n\n<iframe src="https://example.com"></iframe>\n\nAfter',
    );
    expect(html).not.toMatch(/<(script|b|img|iframe)\b/);
    expect(html).not.toContain('onerror');
    expect(html).toContain('<p>Before alert(1) bold </p>');
    expect(html).toContain('<p>After</p>');
  });

  it('opens site links in the app and other links in a new tab', () => {
    const html = render('[Apply](/apply) and [SBA](https://www.sba.gov)');
    expect(html).toMatch(/<a[^>]*href="\/apply"[^>]*>Apply<\/a>/);
    expect(html).not.toMatch(/<a[^>]*href="\/apply"[^>]*target=/);
    expect(html).toMatch(/<a[^>]*href="https:\/\/www\.sba\.gov"[^>]*target="_blank"[^>]*>SBA<\/a>/);
    expect(html).toMatch(/<a[^>]*href="https:\/\/www\.sba\.gov"[^>]*rel="noopener noreferrer"/);
  });
});
