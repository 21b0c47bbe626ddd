import { describe, expect, it } from 'vitest';
import { hoistEmotionStyles, pageDocument, startAfterFirstPaint, withGlobalCss } from './web-build.ts';

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
    '/about',
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
    expect(page).toContain(`<script>${startAfterFirstPaint('/assets/index-abc.js', '/about')}</script>`);
  });
});

describe('hoistEmotionStyles', () => {
  const body =
    '<style data-emotion="css a1">.css-a1{color:red}</style><header class="css-a1">Top</header>' +
    '<main><style data-emotion="css b2 c3">.css-b2{margin:0}.css-c3{padding:0}</style><p class="css-b2">Hi</p></main>';

  it('gathers the page’s styles into one sheet, in order, naming every rule it holds', () => {
    const { styles, body: rest } = hoistEmotionStyles(body);
    expect(styles).toBe(
      '<style data-emotion="css a1 b2 c3">.css-a1{color:red}.css-b2{margin:0}.css-c3{padding:0}</style>',
    );
    expect(rest).toBe('<header class="css-a1">Top</header><main><p class="css-b2">Hi</p></main>');
  });

  it('leaves a page without styles as it is', () => {
    expect(hoistEmotionStyles('<main>Hi</main>')).toEqual({ styles: '', body: '<main>Hi</main>' });
  });

  it('puts the gathered sheet in the page’s <head>, after its title', () => {
    const page = pageDocument(template, `<title>T</title>${body}`, '/');
    expect(page).toContain('<title>T</title><style data-emotion="css a1 b2 c3">');
    expect(page).toContain(
      '<div id="root"><header class="css-a1">Top</header><main><p class="css-b2">Hi</p></main></div>',
    );
  });
});

describe('withGlobalCss', () => {
  it('adds the global CSS at the end of <head>', () => {
    const page = withGlobalCss(template, '<style data-global-css>:root{--x:1}</style>');
    expect(page).toContain('<style data-global-css>:root{--x:1}</style></head>');
  });
});
