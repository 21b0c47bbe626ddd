import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type BuiltChunk,
  OVERFETCH_LIMIT_GZIP_BYTES,
  planChunkGroups,
  SMALL_GROUP_GZIP_BYTES,
} from './chunk-groups.ts';

/** Code that gzip cannot shrink much: `gzipBytes` of it compress to about that many bytes. */
function codeOf(gzipBytes: number, seed: string): string {
  let text = '';
  for (let index = 0; text.length < gzipBytes * 2; index += 1) {
    text += createHash('sha256').update(`${seed}${index}`).digest('hex');
  }
  return text.slice(0, gzipBytes * 2);
}

type Spec = Partial<BuiltChunk> & { fileName: string; bytes?: number };

function chunk({ fileName, bytes = 100, ...rest }: Spec): BuiltChunk {
  return {
    fileName,
    name: fileName.replace(/\.js$/, ''),
    code: codeOf(bytes, fileName),
    moduleIds: [`/src/${fileName.replace(/\.js$/, '')}.ts`],
    imports: [],
    dynamicImports: [],
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    ...rest,
  };
}

const page = (fileName: string, imports: string[], dynamicImports: string[] = []) =>
  chunk({ fileName, imports, dynamicImports, isDynamicEntry: true, facadeModuleId: `/src/${fileName}.tsx` });

const large = SMALL_GROUP_GZIP_BYTES * 2;

/**
 * A build like the web app's: the entry loads React DOM and the root; the root imports two chunks of its own and
 * loads three pages lazily; the portal and the admin pages share a large chunk (`api`) and small ones; the portal
 * opens a dialog whose window only it loads.
 */
function build(extra: Spec[] = []): BuiltChunk[] {
  const specs: Spec[] = [
    { fileName: 'index.js', isEntry: true, imports: ['runtime.js'], dynamicImports: ['client.js', 'root.js'] },
    { fileName: 'runtime.js' },
    { fileName: 'client.js', isDynamicEntry: true, facadeModuleId: '/node_modules/react-dom/client.js' },
    {
      fileName: 'root.js',
      isDynamicEntry: true,
      facadeModuleId: '/web/src/app/root.tsx',
      imports: ['brand.js', 'recipes.js', 'runtime.js'],
      dynamicImports: ['portal-page.js', 'admin-page.js', 'calculator-page.js'],
    },
    { fileName: 'brand.js' },
    { fileName: 'recipes.js', bytes: large },
    { fileName: 'api.js', bytes: large, imports: ['brand.js'] },
    { fileName: 'money.js' },
    { fileName: 'dates.js' },
    { fileName: 'window.js', bytes: large },
    ...extra,
  ];
  const chunks = specs.map(chunk);
  chunks.push(
    page('portal-page.js', ['api.js', 'money.js', 'dates.js'], ['window-facade.js']),
    page('admin-page.js', ['api.js', 'money.js']),
    page('calculator-page.js', ['money.js']),
    chunk({ fileName: 'window-facade.js', imports: ['window.js'], isDynamicEntry: true, facadeModuleId: '/w.tsx' }),
  );
  return chunks;
}

const moduleOf = (name: string) => `/src/${name}.ts`;

describe('planChunkGroups', () => {
  it('puts the root and what it imports in one group, which every route loads anyway', () => {
    const groups = planChunkGroups(build());
    expect(groups.get(moduleOf('brand'))).toBe('app-root');
    expect(groups.get(moduleOf('recipes'))).toBe('app-root');
    // The root's own module too: in a file of its own, it and its group would import each other.
    expect(groups.get(moduleOf('root'))).toBe('app-root');
    // The entry's chunks stay as the bundler made them.
    expect(groups.has(moduleOf('runtime'))).toBe(false);
  });

  it('puts React DOM and what it imports beyond the entry in one file, which the root’s group leaves out', () => {
    // react (React DOM's, and the root's too) goes with React DOM, which the entry loads before the root.
    const chunks = build([{ fileName: 'react.js', imports: ['runtime.js'] }]).map((built) =>
      built.fileName === 'client.js' || built.fileName === 'root.js'
        ? { ...built, imports: [...built.imports, 'react.js'] }
        : built,
    );
    const groups = planChunkGroups(chunks);
    expect(groups.get(moduleOf('client'))).toBe('client');
    expect(groups.get(moduleOf('react'))).toBe('client');
    expect(groups.has(moduleOf('runtime'))).toBe(false);
  });

  it('leaves pages, and what only a lazy part of a page loads, where the bundler put them', () => {
    const groups = planChunkGroups(build());
    expect(groups.has('/src/portal-page.tsx')).toBe(false);
    expect(groups.has(moduleOf('window'))).toBe(false);
  });

  it('lets a small group join a larger one loaded by all of its pages', () => {
    const groups = planChunkGroups(build());
    // dates (the portal only) joins api (the portal and the admin): the admin page loads it for nothing.
    expect(groups.get(moduleOf('dates'))).toBe(groups.get(moduleOf('api')));
    expect(groups.get(moduleOf('api'))).toBe('api');
    // money is loaded by the calculator too, which does not load api: it joins the root's group instead.
    expect(groups.get(moduleOf('money'))).toBe('app-root');
  });

  it('lets no page load more than the limit for nothing', () => {
    const nearlyLarge = SMALL_GROUP_GZIP_BYTES - 200;
    // Pages each with a small group of its own, which no larger group carries: each group could join the root's,
    // and every other page would load it for nothing.
    const count = Math.floor(OVERFETCH_LIMIT_GZIP_BYTES / nearlyLarge) + 2;
    const names = Array.from({ length: count }, (_, index) => `only-${index}`);
    const chunks = build(names.map((name) => ({ fileName: `${name}.js`, bytes: nearlyLarge })));
    for (const name of names) chunks.push(page(`${name}-page.js`, [`${name}.js`]));
    chunks
      .find((built) => built.fileName === 'root.js')!
      .dynamicImports.push(...names.map((name) => `${name}-page.js`));
    const groups = planChunkGroups(chunks);
    const joined = names.filter((name) => groups.get(moduleOf(name)) === 'app-root');
    expect(joined).toHaveLength(Math.floor(OVERFETCH_LIMIT_GZIP_BYTES / (nearlyLarge + 50)));
    // Those left out stay groups of their own.
    for (const name of names.filter((candidate) => !joined.includes(candidate))) {
      expect(groups.get(moduleOf(name))).toBe(name);
    }
  });

  it('lets a small group join once what it imports has joined a group all of its pages load', () => {
    // error-alert (the apply page's) imports alert (the apply page's and the calculator's). Alone, error-alert
    // cannot join the root's group: the portal does not load alert. Once alert has joined it, every page does.
    const chunks = build([
      { fileName: 'error-alert.js', bytes: 200, imports: ['alert.js'] },
      { fileName: 'alert.js', bytes: 600 },
    ]).map((built) =>
      built.fileName === 'calculator-page.js' ? { ...built, imports: [...built.imports, 'alert.js'] } : built,
    );
    chunks.push(page('apply-page.js', ['error-alert.js']));
    chunks.find((built) => built.fileName === 'root.js')!.dynamicImports.push('apply-page.js');
    const groups = planChunkGroups(chunks);
    expect(groups.get(moduleOf('alert'))).toBe('app-root');
    expect(groups.get(moduleOf('error-alert'))).toBe('app-root');
  });

  it('lets what imports the root join the root’s group, the root being in it', () => {
    // uses-root (the calculator's) reads what the root exports: in the root's own file it runs after the root.
    const chunks = build([{ fileName: 'uses-root.js', imports: ['root.js'] }]).map((built) =>
      built.fileName === 'calculator-page.js' ? { ...built, imports: [...built.imports, 'uses-root.js'] } : built,
    );
    const groups = planChunkGroups(chunks);
    expect(groups.get(moduleOf('uses-root'))).toBe('app-root');
    expect(groups.get(moduleOf('root'))).toBe('app-root');
  });

  it('lets a small group join only a group whose pages all load what it imports', () => {
    // dates (the portal's) imports portal-lib, which the calculator loads too but the admin page does not.
    const chunks = build([{ fileName: 'portal-lib.js', bytes: large * 2 }]).map((built) => {
      if (built.fileName === 'dates.js') return { ...built, imports: ['portal-lib.js'] };
      if (built.fileName === 'calculator-page.js') return { ...built, imports: [...built.imports, 'portal-lib.js'] };
      return built;
    });
    const groups = planChunkGroups(chunks);
    // Not api (smaller, but the admin page would load portal-lib for it too): the group of portal-lib.
    expect(groups.get(moduleOf('dates'))).toBe('portal-lib');
    expect(groups.get(moduleOf('portal-lib'))).toBe('portal-lib');
  });

  it('asks for an entry that loads the root', () => {
    const chunks = build().map((built) =>
      built.fileName === 'root.js' ? { ...built, facadeModuleId: '/x.tsx' } : built,
    );
    expect(() => planChunkGroups(chunks)).toThrow(/root\.tsx/);
  });
});
