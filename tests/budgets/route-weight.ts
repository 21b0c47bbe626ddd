import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  appStartTag,
  STARTS_WHEN_NEEDED,
  builtManifestFile,
  chunkFiles,
  DEFAULT_WEB_DIR,
  type BuildManifest,
} from '../../server/cli/web-build.ts';
import { inlineScripts } from '../../server/http/security-headers.ts';
import { routeBudgets, type RouteBudget } from './budgets.ts';

/**
 * What a route of the production build (dist/web) loads before it is interactive, in bytes, read from the build
 * itself (its pages and Vite's manifest), never timed:
 * - JavaScript: the page's inline scripts, the entry script (a script tag, or the prerendered page's inline
 *   start-up script), the chunks the page preloads, the entry's start-up steps (its lazy imports: React DOM, the
 *   app root, web/src/main.tsx), the route's own modules (its page and layout, which the router loads before it
 *   renders), and every chunk those import statically. Lazy imports beyond those (another route, the phone
 *   library, pdfmake) load later or never, and are not counted.
 * - A page usable with no script, or a form page (its start-up script says data-app-start="when-needed" or
 *   "at-first-input", see AppStart in server/cli/web-build.ts), loads no app before it is interactive: the app's
 *   chunks, counted as above, are the JavaScript it loads afterwards, when needed (`later`; for a form page, at the
 *   visitor's first input, before its form can be used), with a budget of their own.
 * - CSS: the page's <style> elements (the global sheet and a prerendered page's styles) and linked sheets.
 * Sizes are gzip-compressed (level 9, as the static server's .gz copies); KB is 1,000 bytes, as Vite reports.
 */

export type RouteChunk = {
  /** The chunk's name without its content hash (Vite's name for it: 'react-dom', 'home-page', 'brand'). */
  name: string;
  file: string;
  gzipBytes: number;
};

export type RouteWeight = {
  route: string;
  /** What the route loads before it is interactive (an inline script is named 'inline script', file ''). */
  scripts: RouteChunk[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** A page usable with no script: the app it loads afterwards, when needed. */
  later?: { scripts: RouteChunk[]; jsGzipBytes: number };
};

const projectRoot = path.resolve(import.meta.dirname, '..', '..');
/** The chunk sizes recorded when the budgets were last set: a crossed budget names the chunks grown since. */
export const recordedSizesFile = path.join(import.meta.dirname, 'recorded-sizes.json');

export function readBuildManifest(webDir: string): BuildManifest {
  const file = builtManifestFile(webDir);
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web app (npm run build:web) first`);
  return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
}

/** The page a route is served as: `/` is index.html, `/apply` is apply/index.html. */
function routeDocument(webDir: string, route: string): string {
  const file = path.join(webDir, route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html'));
  if (!existsSync(file)) throw new Error(`The build has no page for ${route} (${file})`);
  return readFileSync(file, 'utf8');
}

const withoutSlash = (files: string[]) => files.map((file) => file.replace(/^\//, ''));

/** The script files a page loads at once: module scripts and module preloads. */
function documentScripts(html: string): string[] {
  return withoutSlash([
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)].map((match) => match[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)].map((match) => match[1]!),
  ]);
}

/** The script files a prerendered page's start-up script imports (the entry). */
function startUpImports(html: string): string[] {
  return withoutSlash([...html.matchAll(/\bimport\("([^"]+\.js)"\)/g)].map((match) => match[1]!));
}

/**
 * A page usable with no script, or a form page, starts its app when needed (AppStart 'when-needed' or
 * 'at-first-input' in server/cli/web-build.ts): before it is interactive it loads only its start-up script.
 */
const startsWhenNeeded = (html: string) => STARTS_WHEN_NEEDED.some((start) => html.includes(appStartTag(start)));

function documentCss(webDir: string, html: string): string {
  const inline = [...html.matchAll(/<style\b[^>]*>([^<]*)<\/style>/g)].map((match) => match[1]!);
  const linked = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+\.css)"/g)].map((match) =>
    readFileSync(path.join(webDir, match[1]!.replace(/^\//, '')), 'utf8'),
  );
  return [...inline, ...linked].join('');
}

/** Measures one route of a build. */
export function measureRoute(webDir: string, budget: Pick<RouteBudget, 'route' | 'modules'>): RouteWeight {
  const manifest = readBuildManifest(webDir);
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('The build manifest has no entry');
  const html = routeDocument(webDir, budget.route);

  const keysOf = (files: string[]) =>
    files.map((file) => {
      const key = byFile.get(file);
      if (!key) throw new Error(`${budget.route} loads ${file}, which the build manifest does not know`);
      return key;
    });
  const chunksOf = (keys: string[]): RouteChunk[] => {
    let files: string[];
    try {
      files = chunkFiles(manifest, keys);
    } catch (error) {
      throw new Error(`${(error as Error).message} (named by the ${budget.route} budget)`);
    }
    return files.map((file) => ({
      // Vite's name for the chunk: 'assets/home-page-DCRW8I3S.js' is 'home-page'.
      name: manifest[byFile.get(file)!]!.name ?? path.basename(file).replace(/-[\w-]{8}\.js$/, ''),
      file,
      gzipBytes: gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length,
    }));
  };
  const total = (scripts: RouteChunk[]) => scripts.reduce((sum, script) => sum + script.gzipBytes, 0);

  const inline = inlineScripts(html).map((text) => ({
    name: 'inline script',
    file: '',
    gzipBytes: gzipSync(Buffer.from(text), { level: 9 }).length,
  }));
  const atOnce = keysOf(documentScripts(html));
  // The app: the entry its start-up script imports, the start-up steps of web/src/main.tsx, the route's modules.
  const app = [...keysOf(startUpImports(html)), ...(manifest[entryKey]!.dynamicImports ?? []), ...budget.modules];
  const css = documentCss(webDir, html);
  const cssGzipBytes = css ? gzipSync(Buffer.from(css), { level: 9 }).length : 0;

  if (startsWhenNeeded(html)) {
    const scripts = [...inline, ...chunksOf(atOnce)];
    const loaded = new Set(scripts.map((script) => script.file));
    const laterScripts = chunksOf(app).filter((script) => !loaded.has(script.file));
    return {
      route: budget.route,
      scripts,
      jsGzipBytes: total(scripts),
      cssGzipBytes,
      later: { scripts: laterScripts, jsGzipBytes: total(laterScripts) },
    };
  }
  const scripts = [...inline, ...chunksOf([...atOnce, ...app])];
  return { route: budget.route, scripts, jsGzipBytes: total(scripts), cssGzipBytes };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Per route, each chunk's gzip size: what `--record` writes and a crossed budget compares with. */
export type RecordedSizes = Record<string, Record<string, number>>;

function sizesByName(weight: RouteWeight): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const script of [...weight.scripts, ...(weight.later?.scripts ?? [])])
    sizes[script.name] = (sizes[script.name] ?? 0) + script.gzipBytes;
  return sizes;
}

/**
 * Growth below this is not named: a chunk that imports another carries its file name, whose hash changes with
 * that chunk's content, so a few bytes come and go without any code changing.
 */
const NOTICED_GROWTH_BYTES = 50;

/** The chunks of a route grown (or new) since the recorded sizes, the largest growth first. */
export function grownChunks(weight: RouteWeight, recorded: Record<string, number> | undefined): string[] {
  const now = sizesByName(weight);
  return Object.entries(now)
    .map(([name, bytes]) => ({ name, bytes, before: recorded?.[name] }))
    .filter(({ bytes, before }) => before === undefined || bytes - before >= NOTICED_GROWTH_BYTES)
    .sort((a, b) => b.bytes - (b.before ?? 0) - (a.bytes - (a.before ?? 0)))
    .map(({ name, bytes, before }) =>
      before === undefined
        ? `${name} (new, ${kb(bytes)})`
        : `${name} +${kb(bytes - before)} (${kb(before)} -> ${kb(bytes)})`,
    );
}

/** How many script files a route loads before it is interactive (its inline scripts are in the page). */
const scriptFiles = (weight: RouteWeight) => weight.scripts.filter((script) => script.file !== '').length;

/**
 * What is wrong with a route against its budget: one sentence per crossed limit, saying by how much, with the
 * chunks grown since the recorded sizes. Empty when the route is within its budget.
 */
export function budgetProblems(weight: RouteWeight, budget: RouteBudget, recorded?: RecordedSizes): string[] {
  const problems: string[] = [];
  const grown = grownChunks(weight, recorded?.[budget.route]);
  const growth = grown.length > 0 ? ` Grown since the recorded sizes: ${grown.join('; ')}.` : '';
  if (weight.jsGzipBytes > budget.jsGzipBytes) {
    problems.push(
      `${budget.route} loads ${kb(weight.jsGzipBytes)} of JavaScript (gzip) before it is interactive, ` +
        `${kb(weight.jsGzipBytes - budget.jsGzipBytes)} over its ${kb(budget.jsGzipBytes)} budget.${growth}`,
    );
  }
  if (weight.later && budget.laterJsGzipBytes === undefined) {
    problems.push(
      `${budget.route} starts its app when needed and loads it (${kb(weight.later.jsGzipBytes)}) afterwards: ` +
        'give that a budget (laterJsGzipBytes).',
    );
  }
  if (!weight.later && budget.laterJsGzipBytes !== undefined) {
    problems.push(
      `${budget.route} needs its app before it is interactive now (its page no longer starts it when needed): ` +
        'its JavaScript budget must count the app, and laterJsGzipBytes goes.',
    );
  }
  if (weight.later && budget.laterJsGzipBytes !== undefined && weight.later.jsGzipBytes > budget.laterJsGzipBytes) {
    problems.push(
      `${budget.route} loads ${kb(weight.later.jsGzipBytes)} of JavaScript (gzip) once it is usable, ` +
        `${kb(weight.later.jsGzipBytes - budget.laterJsGzipBytes)} over its ${kb(budget.laterJsGzipBytes)} budget.${growth}`,
    );
  }
  if (weight.cssGzipBytes > budget.cssGzipBytes) {
    problems.push(
      `${budget.route} loads ${kb(weight.cssGzipBytes)} of CSS (gzip), ` +
        `${kb(weight.cssGzipBytes - budget.cssGzipBytes)} over its ${kb(budget.cssGzipBytes)} budget.`,
    );
  }
  const files = scriptFiles(weight);
  if (budget.scriptFiles !== undefined && files > budget.scriptFiles) {
    problems.push(
      `${budget.route} loads ${files} script files, ` +
        `${files - budget.scriptFiles} more than its budget of ${budget.scriptFiles}.${growth}`,
    );
  }
  return problems;
}

/** A route's weight beside its budget, chunk by chunk (largest first), then whether it is within it. */
export function formatRouteWeight(weight: RouteWeight, budget: RouteBudget): string[] {
  const listed = (scripts: RouteChunk[]) =>
    [...scripts]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((script) => `    ${kb(script.gzipBytes).padStart(9)}  ${script.name}`);
  const files = budget.scriptFiles === undefined ? '' : ` (budget ${budget.scriptFiles})`;
  const later = weight.later
    ? [
        `  then, when needed, the app: ${kb(weight.later.jsGzipBytes)} of ` + `${kb(budget.laterJsGzipBytes ?? 0)}`,
        ...listed(weight.later.scripts),
      ]
    : [];
  const problems = budgetProblems(weight, budget);
  return [
    `${budget.route}: JavaScript ${kb(weight.jsGzipBytes)} of ${kb(budget.jsGzipBytes)}, ` +
      `CSS ${kb(weight.cssGzipBytes)} of ${kb(budget.cssGzipBytes)}, ${scriptFiles(weight)} script files${files}`,
    ...listed(weight.scripts),
    ...later,
    problems.length === 0 ? '  within its budget' : `  OVER BUDGET: ${problems.join(' ')}`,
  ];
}

/**
 * `npx tsx tests/budgets/route-weight.ts [build folder]` prints each route's weight beside its budget;
 * `--record` also writes the chunk sizes a crossed budget is compared with (after a budget is set anew).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const webDir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? DEFAULT_WEB_DIR);
  const recorded: RecordedSizes = {};
  for (const budget of routeBudgets) {
    const weight = measureRoute(webDir, budget);
    recorded[budget.route] = sizesByName(weight);
    console.log(formatRouteWeight(weight, budget).join('\n'));
  }
  if (args.includes('--record')) {
    writeFileSync(recordedSizesFile, `${JSON.stringify(recorded, null, 2)}\n`);
    console.log(`Recorded the chunk sizes in ${path.relative(projectRoot, recordedSizesFile)}.`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
