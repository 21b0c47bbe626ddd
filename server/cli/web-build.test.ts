import { describe, expect, it } from 'vitest';
import {
  APP_SHELL_PLACEHOLDER,
  appShellDocument,
  type BuildManifest,
  chunkFiles,
  hoistEmotionStyles,
  pageDocument,
  appStartScript,
  withGlobalCss,
} from './web-build.ts';

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
    'when-needed',
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
    expect(page).toContain(appStartScript('/assets/index-abc.js', '/about', 'when-needed'));
    expect(page).toContain('<script data-app-start="when-needed">');
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
    const page = pageDocument(template, `<title>T</title>${body}`, '/', 'after-first-paint');
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

describe('appShellDocument', () => {
  const manifest: BuildManifest = {
    'index.html': {
      file: 'assets/index-abc.js',
      isEntry: true,
      imports: ['_react.js'],
      dynamicImports: ['src/app/root.tsx'],
    },
    '_react.js': { file: 'assets/react-def.js' },
    'src/app/root.tsx': {
      file: 'assets/root-1.js',
      imports: ['_react.js', '_router.js'],
      dynamicImports: ['src/features/portal/portal-page.tsx'],
    },
    '_router.js': { file: 'assets/router-2.js' },
    'src/app/store-layout.tsx': { file: 'assets/store-layout-3.js', imports: ['_api.js'] },
    '_api.js': { file: 'assets/api-4.js', imports: ['_router.js'] },
    'src/lib/supabase.ts': { file: 'assets/supabase-5.js', imports: ['src/app/root.tsx'] },
    'src/features/portal/portal-page.tsx': {
      file: 'assets/portal-page-6.js',
      imports: ['_api.js', '_forms.js'],
      dynamicImports: ['_pdf.js'],
    },
    '_forms.js': { file: 'assets/forms-7.js' },
    '_pdf.js': { file: 'assets/pdf-8.js' },
  };

  it('lists a module’s chunk and every chunk it imports statically, once each, not its lazy imports', () => {
    expect(chunkFiles(manifest, ['src/features/portal/portal-page.tsx', 'src/app/store-layout.tsx'])).toEqual([
      'assets/portal-page-6.js',
      'assets/api-4.js',
      'assets/router-2.js',
      'assets/forms-7.js',
      'assets/store-layout-3.js',
    ]);
    expect(() => chunkFiles(manifest, ['src/missing.tsx'])).toThrow('no module src/missing.tsx');
  });

  it('preloads every chunk the route loads that index.html does not already, and /config.json', () => {
    const page = appShellDocument(template, manifest, ['src/features/portal/portal-page.tsx']);
    const preloaded = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloaded).toEqual([
      '/assets/react-def.js',
      '/assets/root-1.js',
      '/assets/router-2.js',
      '/assets/store-layout-3.js',
      '/assets/api-4.js',
      '/assets/supabase-5.js',
      '/assets/portal-page-6.js',
      '/assets/forms-7.js',
    ]);
    expect(page).not.toContain('pdf-8.js');
    expect(page).toContain('<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous">');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('shows a placeholder in #root until the app starts', () => {
    const page = appShellDocument(template, manifest, []);
    expect(page).toContain(`<div id="root">${APP_SHELL_PLACEHOLDER}</div>`);
  });

  it('does not preload /config.json when the API’s address is baked into the build', () => {
    const page = appShellDocument(template, manifest, [], { apiAddressBakedIn: true });
    expect(page).not.toContain('config.json');
  });
});
