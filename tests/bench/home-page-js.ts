import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * How much JavaScript the home page loads as it starts, gzip-compressed: the scripts index.html loads, the
 * modules it preloads, the chunks the entry script imports as the steps of start-up (web/src/main.tsx),
 * the home route's lazy chunk (the router loads it before it renders anything), and every module those
 * import statically. Other dynamic imports (other routes, the drawer, supabase-js) are not counted: they
 * load later or never on the home page.
 *
 * Run `npx tsx tests/bench/home-page-js.ts` (builds into a temporary folder), or pass a build folder:
 * `npx tsx tests/bench/home-page-js.ts dist/web`.
 */

/**
 * The home page's JavaScript budget, so that it stays fast to load on a phone: at most 150 KB gzip. KB here is
 * 1,000 bytes, as Vite reports sizes.
 */
export const HOME_PAGE_JS_TARGET_BYTES = 150_000;

const projectRoot = path.resolve(import.meta.dirname, '..', '..');
/** The home route's module, as the Vite manifest names it (relative to web/). */
const HOME_ROUTE_MODULE = 'src/features/marketing/home-page.tsx';

export type HomePageScript = {
  file: string;
  why: 'index.html script' | 'modulepreload' | 'start-up step' | 'home route' | 'static import';
  bytes: number;
  gzipBytes: number;
};

export type HomePageJsReport = {
  webDir: string;
  scripts: HomePageScript[];
  totalBytes: number;
  totalGzipBytes: number;
  targetGzipBytes: number;
  /** totalGzipBytes / targetGzipBytes: at most 1 meets the target. */
  ratio: number;
  withinTarget: boolean;
};

type ManifestChunk = { file: string; imports?: string[] };

function readManifest(webDir: string): Record<string, ManifestChunk> | undefined {
  const file = path.join(webDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>) : undefined;
}

/** The chunk the router loads for "/": from Vite's manifest when the build has one, else by its file name. */
function homeRouteChunk(webDir: string): string | undefined {
  const manifest = readManifest(webDir);
  if (manifest) return manifest[HOME_ROUTE_MODULE]?.file;
  const assets = path.join(webDir, 'assets');
  const named = existsSync(assets)
    ? readdirSync(assets).find((file) => /^home-page-[\w-]+\.js$/.test(file))
    : undefined;
  return named ? `assets/${named}` : undefined;
}

/** Static `import ... from "./x.js"`, `import "./x.js"` and `export ... from "./x.js"` of a built chunk. */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

/** `import("./x.js")` of a built chunk (Vite writes the specifier in backticks or quotes). */
export function dynamicImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/\bimport\(\s*[`"'](\.{1,2}\/[^`"']+\.js)[`"']\s*\)/g)) found.add(match[1]!);
  return [...found];
}

/** Measures a built web app (a folder with index.html and assets/). */
export function measureHomePageJs(webDir: string): HomePageJsReport {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const queue: { file: string; why: HomePageScript['why'] }[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attribute(tag, 'src');
    if (src && /\btype="module"/.test(tag)) queue.push({ file: src, why: 'index.html script' });
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = attribute(tag, 'href');
    if (href && /\brel="modulepreload"/.test(tag)) queue.push({ file: href, why: 'modulepreload' });
  }
  const home = homeRouteChunk(webDir);
  if (!home) throw new Error(`Could not find the home route's chunk in ${webDir}`);
  queue.push({ file: home, why: 'home route' });

  const scripts: HomePageScript[] = [];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const { file, why } = queue.shift()!;
    const relative = file.replace(/^\//, '');
    if (seen.has(relative)) continue;
    seen.add(relative);
    const code = readFileSync(path.join(webDir, relative));
    scripts.push({ file: relative, why, bytes: code.length, gzipBytes: gzipSync(code).length });
    const text = code.toString('utf8');
    const near = (imported: string) => path.posix.join(path.posix.dirname(relative), imported);
    for (const imported of staticImports(text)) queue.push({ file: near(imported), why: 'static import' });
    // The entry script's own dynamic imports are the steps it starts the app in.
    if (why === 'index.html script') {
      for (const imported of dynamicImports(text)) queue.push({ file: near(imported), why: 'start-up step' });
    }
  }

  const totalBytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
  const totalGzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  const ratio = totalGzipBytes / HOME_PAGE_JS_TARGET_BYTES;
  return {
    webDir,
    scripts,
    totalBytes,
    totalGzipBytes,
    targetGzipBytes: HOME_PAGE_JS_TARGET_BYTES,
    ratio,
    withinTarget: ratio <= 1,
  };
}

/** Builds the web app into a temporary folder (with Vite's manifest) and measures it. */
export async function buildAndMeasureHomePageJs(): Promise<HomePageJsReport> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'loan-match-bench-web-'));
  try {
    const { build } = await import('vite');
    await build({
      configFile: path.join(projectRoot, 'web', 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    return measureHomePageJs(outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** A short human-readable report. */
export function formatHomePageJsReport(report: HomePageJsReport): string {
  const lines = report.scripts.map(
    (script) =>
      `  ${kb(script.gzipBytes).padStart(9)} gzip  ${kb(script.bytes).padStart(9)} raw  ${script.file} (${script.why})`,
  );
  return [
    'Home page JavaScript as it starts:',
    ...lines,
    `  total ${kb(report.totalGzipBytes)} gzip (${kb(report.totalBytes)} raw): ${(report.ratio * 100).toFixed(1)}% of the ${kb(report.targetGzipBytes)} target ${report.withinTarget ? '(met)' : '(OVER TARGET)'}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  const report = dir ? measureHomePageJs(path.resolve(dir)) : await buildAndMeasureHomePageJs();
  console.log(formatHomePageJsReport(report));
  if (!report.withinTarget) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
