import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { builtManifestFile, chunkFiles, DEFAULT_WEB_DIR, type BuildManifest } from '../../server/cli/web-build.ts';
import { routeBudgets, type RouteBudget } from './budgets.ts';

/**
 * What a route of the production build (dist/web) loads before it is interactive, in bytes, read from the build
 * itself (its pages and Vite's manifest), never timed:
 * - JavaScript: the entry script (a script tag, or the prerendered page's inline start-up script), the chunks
 *   the page preloads, the entry's start-up steps (its lazy imports: React DOM, the app root, web/src/main.tsx),
 *   the route's own modules (its page and layout, which the router loads before it renders), and every chunk
 *   those import statically. Lazy imports beyond those (another route, the phone library, pdfmake) load later
 *   or never, and are not counted.
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
  scripts: RouteChunk[];
  jsGzipBytes: number;
  cssGzipBytes: number;
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

/** The script files a page names: module scripts, module preloads, and the start-up script's import("..."). */
function documentScripts(html: string): string[] {
  const files = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)].map((match) => match[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)].map((match) => match[1]!),
    ...[...html.matchAll(/\bimport\("([^"]+\.js)"\)/g)].map((match) => match[1]!),
  ];
  return files.map((file) => file.replace(/^\//, ''));
}

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

  const keys: string[] = [];
  for (const file of documentScripts(html)) {
    const key = byFile.get(file);
    if (!key) throw new Error(`${budget.route} loads ${file}, which the build manifest does not know`);
    keys.push(key);
  }
  // The start-up steps of web/src/main.tsx and the route's own modules.
  keys.push(...(manifest[entryKey]!.dynamicImports ?? []), ...budget.modules);

  let files: string[];
  try {
    files = chunkFiles(manifest, keys);
  } catch (error) {
    throw new Error(`${(error as Error).message} (named by the ${budget.route} budget)`);
  }

  const scripts = files.map((file) => ({
    // Vite's name for the chunk: 'assets/home-page-DCRW8I3S.js' is 'home-page'.
    name: manifest[byFile.get(file)!]!.name ?? path.basename(file).replace(/-[\w-]{8}\.js$/, ''),
    file,
    gzipBytes: gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length,
  }));
  const css = documentCss(webDir, html);
  return {
    route: budget.route,
    scripts,
    jsGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    cssGzipBytes: css ? gzipSync(Buffer.from(css), { level: 9 }).length : 0,
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Per route, each chunk's gzip size: what `--record` writes and a crossed budget compares with. */
export type RecordedSizes = Record<string, Record<string, number>>;

function sizesByName(weight: RouteWeight): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const script of weight.scripts) sizes[script.name] = (sizes[script.name] ?? 0) + script.gzipBytes;
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
  if (weight.cssGzipBytes > budget.cssGzipBytes) {
    problems.push(
      `${budget.route} loads ${kb(weight.cssGzipBytes)} of CSS (gzip), ` +
        `${kb(weight.cssGzipBytes - budget.cssGzipBytes)} over its ${kb(budget.cssGzipBytes)} budget.`,
    );
  }
  if (budget.scriptFiles !== undefined && weight.scripts.length > budget.scriptFiles) {
    problems.push(
      `${budget.route} loads ${weight.scripts.length} script files, ` +
        `${weight.scripts.length - budget.scriptFiles} more than its budget of ${budget.scriptFiles}.${growth}`,
    );
  }
  return problems;
}

/** A route's weight beside its budget, chunk by chunk (largest first), then whether it is within it. */
export function formatRouteWeight(weight: RouteWeight, budget: RouteBudget): string[] {
  const chunks = [...weight.scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((script) => `    ${kb(script.gzipBytes).padStart(9)}  ${script.name}`);
  const files = budget.scriptFiles === undefined ? '' : ` (budget ${budget.scriptFiles})`;
  const problems = budgetProblems(weight, budget);
  return [
    `${budget.route}: JavaScript ${kb(weight.jsGzipBytes)} of ${kb(budget.jsGzipBytes)}, ` +
      `CSS ${kb(weight.cssGzipBytes)} of ${kb(budget.cssGzipBytes)}, ${weight.scripts.length} script files${files}`,
    ...chunks,
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
