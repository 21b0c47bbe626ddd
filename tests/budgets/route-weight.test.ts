import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../server/cli/web-build.ts';
import type { RouteBudget } from './budgets.ts';
import { budgetProblems, grownChunks, measureRoute } from './route-weight.ts';

/**
 * A build of four pages: `/` prerendered (its inline start-up script imports the entry), `/faq` prerendered and
 * usable with no script (its start-up script waits until the app is needed), `/portal` an app page preloading
 * its chunks, and a lazy chunk none loads before it is interactive.
 */
const root = mkdtempSync(path.join(tmpdir(), 'route-weight-'));
const webDir = path.join(root, 'web');
const code = (name: string, size: number) => `export const ${name}="${'x'.repeat(size)}";`;
const chunks: Record<string, string> = {
  'assets/index-AAAAAAAA.js': code('entry', 100),
  'assets/client-BBBBBBBB.js': code('reactDom', 2000),
  'assets/home-page-CCCCCCCC.js': code('home', 300),
  'assets/button-DDDDDDDD.js': code('button', 50),
  'assets/portal-page-EEEEEEEE.js': code('portal', 400),
  'assets/pdf-FFFFFFFF.js': code('pdf', 9000),
};
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-AAAAAAAA.js', isEntry: true, dynamicImports: ['_client-BBBBBBBB.js'] },
  '_client-BBBBBBBB.js': { file: 'assets/client-BBBBBBBB.js' },
  'src/home-page.tsx': { file: 'assets/home-page-CCCCCCCC.js', imports: ['_button-DDDDDDDD.js'] },
  '_button-DDDDDDDD.js': { file: 'assets/button-DDDDDDDD.js' },
  'src/portal-page.tsx': {
    file: 'assets/portal-page-EEEEEEEE.js',
    imports: ['_button-DDDDDDDD.js'],
    dynamicImports: ['src/pdf.ts'],
  },
  'src/pdf.ts': { file: 'assets/pdf-FFFFFFFF.js' },
};
mkdirSync(path.join(webDir, 'assets'), { recursive: true });
mkdirSync(path.join(webDir, 'portal'));
mkdirSync(path.join(webDir, 'faq'));
for (const [file, text] of Object.entries(chunks)) writeFileSync(path.join(webDir, file), text);
writeFileSync(path.join(root, 'web-manifest.json'), JSON.stringify(manifest));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<html><head><style>body{margin:0}</style></head><body><div id="root"><h1>Home</h1></div>' +
    '<script>(function(){import("/assets/index-AAAAAAAA.js")})()</script></body></html>',
);
const idleStart = '(function(){addEventListener("load",function(){import("/assets/index-AAAAAAAA.js")})})()';
writeFileSync(
  path.join(webDir, 'faq', 'index.html'),
  '<html><head><style>body{margin:0}</style></head><body><div id="root"><h1>FAQ</h1></div>' +
    `<script data-app-start="when-needed">${idleStart}</script></body></html>`,
);
writeFileSync(
  path.join(webDir, 'portal', 'index.html'),
  '<html><head><script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/portal-page-EEEEEEEE.js"></head>' +
    '<body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const gzipOf = (...files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(Buffer.from(chunks[file]!), { level: 9 }).length, 0);
const gzipOfText = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

const home: RouteBudget = { route: '/', modules: ['src/home-page.tsx'], jsGzipBytes: 10_000, cssGzipBytes: 1_000 };

describe('measureRoute', () => {
  it("counts the inline script, the entry, its start-up steps, the route's modules and their static imports, not lazy chunks", () => {
    const weight = measureRoute(webDir, home);
    expect(weight.scripts.map((script) => script.name)).toEqual([
      'inline script',
      'index',
      'client',
      'home-page',
      'button',
    ]);
    expect(weight.jsGzipBytes).toBe(
      gzipOfText('(function(){import("/assets/index-AAAAAAAA.js")})()') +
        gzipOf(
          'assets/index-AAAAAAAA.js',
          'assets/client-BBBBBBBB.js',
          'assets/home-page-CCCCCCCC.js',
          'assets/button-DDDDDDDD.js',
        ),
    );
    expect(weight.later).toBeUndefined();
    expect(weight.cssGzipBytes).toBe(gzipSync(Buffer.from('body{margin:0}'), { level: 9 }).length);
  });

  it('counts the app of a page usable with no script as loaded later, once the page is interactive', () => {
    const weight = measureRoute(webDir, { route: '/faq', modules: ['src/home-page.tsx'] });
    expect(weight.scripts).toEqual([{ name: 'inline script', file: '', gzipBytes: gzipOfText(idleStart) }]);
    expect(weight.jsGzipBytes).toBe(gzipOfText(idleStart));
    expect(weight.later?.scripts.map((script) => script.name)).toEqual(['index', 'client', 'home-page', 'button']);
    expect(weight.later?.jsGzipBytes).toBe(
      gzipOf(
        'assets/index-AAAAAAAA.js',
        'assets/client-BBBBBBBB.js',
        'assets/home-page-CCCCCCCC.js',
        'assets/button-DDDDDDDD.js',
      ),
    );
  });

  it("counts an app page's script and preloads once each, without the chunk it imports lazily", () => {
    const weight = measureRoute(webDir, { route: '/portal', modules: [] });
    expect(weight.scripts.map((script) => script.file).sort()).toEqual([
      'assets/button-DDDDDDDD.js',
      'assets/client-BBBBBBBB.js',
      'assets/index-AAAAAAAA.js',
      'assets/portal-page-EEEEEEEE.js',
    ]);
    expect(weight.cssGzipBytes).toBe(0);
  });

  it('refuses a budget naming a module the build does not have', () => {
    expect(() => measureRoute(webDir, { route: '/', modules: ['src/gone.tsx'] })).toThrow(
      'The build manifest has no module src/gone.tsx (named by the / budget)',
    );
  });
});

describe('budgetProblems', () => {
  const weight = {
    route: '/',
    scripts: [
      { name: 'client', file: 'assets/client-1.js', gzipBytes: 6_000 },
      { name: 'home-page', file: 'assets/home-page-1.js', gzipBytes: 4_500 },
      { name: 'button', file: 'assets/button-1.js', gzipBytes: 520 },
      { name: 'chart', file: 'assets/chart-1.js', gzipBytes: 1_200 },
    ],
    jsGzipBytes: 12_220,
    cssGzipBytes: 1_500,
  };
  const recorded = { '/': { client: 6_000, 'home-page': 1_500, button: 500 } };

  it('says by how much a route is over and which chunks grew, the largest growth first', () => {
    expect(budgetProblems(weight, home, recorded)).toEqual([
      '/ loads 12.2 KB of JavaScript (gzip) before it is interactive, 2.2 KB over its 10.0 KB budget. ' +
        'Grown since the recorded sizes: home-page +3.0 KB (1.5 KB -> 4.5 KB); chart (new, 1.2 KB).',
      '/ loads 1.5 KB of CSS (gzip), 0.5 KB over its 1.0 KB budget.',
    ]);
  });

  it('counts the script files of a route with a limit on them', () => {
    const limited = { ...home, jsGzipBytes: 20_000, cssGzipBytes: 2_000, scriptFiles: 3 };
    expect(budgetProblems(weight, limited, recorded)).toEqual([
      '/ loads 4 script files, 1 more than its budget of 3. ' +
        'Grown since the recorded sizes: home-page +3.0 KB (1.5 KB -> 4.5 KB); chart (new, 1.2 KB).',
    ]);
  });

  it('finds nothing wrong within the budget', () => {
    expect(budgetProblems(weight, { ...home, jsGzipBytes: 12_220, cssGzipBytes: 1_500 }, recorded)).toEqual([]);
  });

  const usableWithoutScript = {
    route: '/',
    scripts: [{ name: 'inline script', file: '', gzipBytes: 300 }],
    jsGzipBytes: 300,
    cssGzipBytes: 900,
    later: { scripts: weight.scripts, jsGzipBytes: weight.jsGzipBytes },
  };

  it('holds the app a page usable with no script loads later to a budget of its own', () => {
    expect(budgetProblems(usableWithoutScript, { ...home, laterJsGzipBytes: 12_220 }, recorded)).toEqual([]);
    expect(budgetProblems(usableWithoutScript, { ...home, laterJsGzipBytes: 11_000 }, recorded)).toEqual([
      '/ loads 12.2 KB of JavaScript (gzip) once it is usable, 1.2 KB over its 11.0 KB budget. ' +
        'Grown since the recorded sizes: home-page +3.0 KB (1.5 KB -> 4.5 KB); chart (new, 1.2 KB); ' +
        'inline script (new, 0.3 KB).',
    ]);
    expect(budgetProblems(usableWithoutScript, home, recorded)).toEqual([
      '/ starts its app when needed and loads it (12.2 KB) afterwards: give that a budget (laterJsGzipBytes).',
    ]);
  });

  it('says when a page with a budget for its later app needs that app before it is interactive again', () => {
    const needsItsApp = { ...home, jsGzipBytes: 20_000, cssGzipBytes: 2_000, laterJsGzipBytes: 15_000 };
    expect(budgetProblems(weight, needsItsApp, recorded)).toEqual([
      '/ needs its app before it is interactive now (its page no longer starts it when needed): ' +
        'its JavaScript budget must count the app, and laterJsGzipBytes goes.',
    ]);
  });

  it('does not count an inline script as a script file', () => {
    const limited = { ...home, laterJsGzipBytes: 20_000, scriptFiles: 0 };
    expect(budgetProblems(usableWithoutScript, limited, recorded)).toEqual([]);
  });

  it('does not name a chunk whose few bytes changed with the names of the files it imports', () => {
    expect(grownChunks(weight, recorded['/'])).not.toContainEqual(expect.stringContaining('button'));
  });
});
