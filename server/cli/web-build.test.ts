import { describe, expect, it } from 'vitest';
import { pageDocument, startAfterFirstPaint } from './web-build.ts';

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>General title</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('pageDocument', () => {
  const page = pageDocument(
    template,
    '<title>Page title</title><meta name="description" content="About"/><main>Hi</main>',
  );

  it('puts the page’s head elements in <head> and its body in #root', () => {
    expect(page).toContain('<title>Page title</title><meta name="description" content="About"/></head>');
    expect(page).not.toContain('General title');
    expect(page).toContain('<div id="root"><main>Hi</main></div>');
  });

  // What the start-up script does in a browser is checked in tests/e2e/prerendered-pages.spec.ts.
  it('loads no script before the first paint: no module entry, no preload, one start-up script', () => {
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain(`<script>${startAfterFirstPaint('/assets/index-abc.js')}</script>`);
  });
});
