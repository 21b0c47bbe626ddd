import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { STORED_SESSION_KEY } from '../../shared/catalogue/accounts.ts';
import { DEFAULT_WEB_DIR, projectRoot } from '../config.ts';
import type { Rolldown } from 'vite';
import { planChunkGroups } from './chunk-groups.ts';

export { DEFAULT_WEB_DIR };

/** Sources the web build is made from: a change in any of them makes the build stale. */
export const webSources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'shared',
  'package-lock.json',
  'patches',
  'server/cli/web-build.ts',
  'server/cli/chunk-groups.ts',
];

/** The empty app page, served for routes that are not prerendered (see http/static-site.ts). */
export const SPA_SHELL = 'spa.html';

function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

/** True when dist/web is missing, incomplete or older than any of its sources. */
export function isWebBuildStale(webDir: string, root = projectRoot): boolean {
  const shell = path.join(webDir, SPA_SHELL);
  if (!existsSync(shell)) return true;
  const built = statSync(shell).mtimeMs;
  return webSources.some((source) => newestModification(path.join(root, source)) > built);
}

/** Writes a file with the .br and .gz copies the static server prefers. */
export function writeCompressed(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const bytes = Buffer.from(content);
  writeFileSync(file, bytes);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/** React hoists <title>, <meta> and <link> of a page to the front of its HTML: they belong in <head>. */
const hoisted = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)*/;

const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

const modulePreload = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;

/** How long a prerendered page waits for its first paint before it starts the app anyway. */
export const START_AT_THE_LATEST_MS = 1000;

/**
 * When a prerendered page starts the app:
 * - 'after-first-paint': once the browser reports the page's first contentful paint (the paint is on screen then,
 *   not merely scheduled), or after START_AT_THE_LATEST_MS at the latest (a tab opened in the background does not
 *   paint). For a page the app makes usable other than the form pages below (the blog, for its newsletter form).
 * - 'when-needed': for a page usable with no script at all (its links are links, its menu a native popover), where the
 *   app only takes over navigation and shows who is signed in. A visitor with a stored session gets the app once the
 *   page has loaded and the browser is idle (the top bar then names their account); anyone else at their first input
 *   (a pointer moved or pressed, a key, a focus) or when another tab signs in. A signed-out visitor reading on a
 *   phone thus runs no script at all, and the app's start-up (over a second of work on a slow phone) competes with
 *   nothing they wait for; a link followed before the app runs simply loads the next prerendered page.
 * - 'at-first-input': for a form page (the wizard, the calculator), whose controls stay disabled until the app runs
 *   (components/client-fieldset.tsx). A first-time visitor's app starts at their first input, as above, or when the
 *   page scrolls (a reader on the way to the form): its start-up no longer blocks the page as it loads, which cost
 *   these pages their score (each step of it a long task). The control the visitor pressed or focused to start it
 *   gets the focus once the app runs (`window.__appStartTarget`, read by ClientFieldset), so that press is not
 *   lost. Where this site has kept anything (in the browser's storage or the tab's history entry: saved answers, the
 *   wizard's step, a session), the visitor is returning to something the app must show: it starts once the page
 *   has loaded and the browser is idle.
 */
export type AppStart = 'after-first-paint' | 'when-needed' | 'at-first-input';

/**
 * A visitor's first input (see AppStart): the presses and focus, whose target an 'at-first-input' page focuses once
 * its app runs, and the pointer moving or a key (a pointer moved over a field focuses nothing).
 */
const PRESS_EVENTS = ['pointerdown', 'touchstart', 'focusin'];
const MOVE_AND_KEY_EVENTS = ['pointermove', 'keydown'];

/** The events that start the app of a 'when-needed' page for a visitor with no stored session. */
const FIRST_INPUT_EVENTS = [...PRESS_EVENTS, ...MOVE_AND_KEY_EVENTS];

/** The opening tag of a prerendered page's start-up script, which says when it starts the app. */
export const appStartTag = (start: AppStart) => `<script data-app-start="${start}">`;

/** The starts that wait for the visitor (or something kept): the page loads no app before it is interactive. */
export const STARTS_WHEN_NEEDED: readonly AppStart[] = ['when-needed', 'at-first-input'];

/**
 * The inline script that starts the app of a prerendered page, at `start` (see AppStart). Its <script> carries
 * `data-app-start`, which the route budgets (tests/budgets) read.
 *
 * A page may arrive at an address other than its `route` (a trailing slash aside: `/faq/` is `/faq`): a static
 * host whose SPA fallback is index.html answers every unknown path with the prerendered home page. The script
 * then empties the page and its meta description at once and starts the app, which renders the address's
 * own route from scratch, as on spa.html, rather than hydrating another page's HTML (a hydration error, with
 * the home page's content shown meanwhile).
 */
export function appStartScript(entry: string, route: string, start: AppStart): string {
  const idle = 'function idle(){if(window.requestIdleCallback)requestIdleCallback(start);else setTimeout(start)}';
  const afterLoad = 'if(document.readyState==="complete")idle();else addEventListener("load",idle)';
  const listen = (events: string[], listener: string) =>
    `${JSON.stringify(events)}.forEach(function(type){addEventListener(type,${listener},{capture:true,passive:true})})`;
  const whenDue = {
    'when-needed': [
      idle,
      `var stored=false;try{for(var i=0;i<localStorage.length;i++)if(${STORED_SESSION_KEY}.test(localStorage.key(i)||""))stored=true}catch(e){}`,
      `if(stored){${afterLoad}}`,
      `else{${listen(FIRST_INPUT_EVENTS, 'start')};`,
      // Another tab's sign-in or sign-out (supabase-js also writes keys of its own, on any page it runs).
      `addEventListener("storage",function(event){if(event.key===null||${STORED_SESSION_KEY}.test(event.key))start()})}})()`,
    ],
    'at-first-input': [
      idle,
      'var kept=history.state!==null;try{kept=kept||localStorage.length>0||sessionStorage.length>0}catch(e){}',
      `if(kept){${afterLoad}}`,
      // The latest press in a form until the app runs (a pointer moved first has started it already). A tap's
      // focus goes to the landmark around the disabled field: not a press of the form's.
      `else{${listen(PRESS_EVENTS, 'function(event){var t=event.target;if(t&&t.closest&&t.closest("form"))window.__appStartTarget=t;start()}')};`,
      // Scrolling too: a reader on the way to the form.
      `${listen([...MOVE_AND_KEY_EVENTS, 'scroll', 'wheel'], 'start')}}})()`,
    ],
    'after-first-paint': [
      'try{new PerformanceObserver(function(list,observer){',
      'if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(start)}',
      '}).observe({type:"paint",buffered:true})}catch(e){}',
      `setTimeout(start,${START_AT_THE_LATEST_MS})})()`,
    ],
  }[start];
  const script = [
    '(function(){var started=false;',
    `function start(){if(!started){started=true;import(${JSON.stringify(entry)})}}`,
    'if(location.pathname.replace(/\\/+$/,"")!==' + JSON.stringify(route.replace(/\/+$/, '')) + '){',
    'document.getElementById("root").textContent="";',
    'var description=document.querySelector(\'head>meta[name="description"]\');',
    'if(description)description.remove();start();return}',
    ...whenDue,
  ].join('');
  return `${appStartTag(start)}${script}</script>`;
}

/** index.html with the global CSS (globalStyleSheet in entry-prerender.tsx) at the end of its <head>. */
export function withGlobalCss(template: string, globalCss: string): string {
  if (!template.includes('</head>')) throw new Error('index.html has no </head>');
  return template.replace('</head>', () => `${globalCss}</head>`);
}

/** Emotion's server output: a <style> before each element with new styles, naming the rules it holds. */
const emotionStyle = /<style data-emotion="css ([^"]*)">([^<]*)<\/style>/g;

/**
 * The page's styles in one <style> for <head> (in the order they came, so the cascade is unchanged) and
 * the page without them. Emotion reads the names when the app starts, as it does those of its own
 * server output (`data-emotion="css name1 name2 ..."`), and so does not insert those rules again. One
 * sheet in <head> is styled and laid out once, where dozens in <body> each restyled the page as it
 * parsed, and emotion moved them all into <head> again at start-up.
 */
export function hoistEmotionStyles(body: string): { styles: string; body: string } {
  const names: string[] = [];
  const rules: string[] = [];
  const rest = body.replace(emotionStyle, (_tag, tagNames: string, tagRules: string) => {
    names.push(tagNames);
    rules.push(tagRules);
    return '';
  });
  if (names.length === 0) return { styles: '', body };
  return { styles: `<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>`, body: rest };
}

/**
 * index.html with the prerendered page of `route` in it: the page's head elements and styles in <head>, its
 * body in #root. The app starts after the first paint, or when needed (`start`, see AppStart; its scripts are
 * fetched then, not preloaded), so the page shows as soon as its HTML arrives, before any script competes for
 * the network or the main thread.
 */
export function pageDocument(template: string, rendered: string, route: string, start: AppStart): string {
  const head = hoisted.exec(rendered)?.[0] ?? '';
  const { styles, body } = hoistEmotionStyles(rendered.slice(head.length));
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">');
  const entry = entryScript.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  // The page's own title replaces index.html's general one.
  const withoutTitle = head.includes('<title>') ? template.replace(/<title>[^<]*<\/title>\s*/, '') : template;
  const startScript = appStartScript(entry, route, start);
  return withoutTitle
    .replace(modulePreload, '')
    .replace(entryScript, '')
    .replace('</head>', () => `${head}${styles}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${startScript}`);
}

/** Where a build's manifest is kept once the pages are written: beside the build (dist/web-manifest.json), unserved. */
export function builtManifestFile(webDir: string): string {
  return `${webDir.replace(/[\\/]+$/, '')}-manifest.json`;
}

/** Vite's build manifest (.vite/manifest.json): per module, its chunk and the chunks it imports statically. */
export type BuildManifest = Record<
  string,
  { file: string; name?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

/**
 * The signed-in screens (never prerendered: they show an account's data) and the modules their route loads
 * besides the entry: the store layout, supabase-js and the page itself. Each gets the empty app page with
 * all of its chunks preloaded (appShellDocument), so the browser fetches them at once instead of one
 * lazy import after another (six round trips on a phone network).
 */
export const appShellRoutes: Readonly<Record<string, readonly string[]>> = {
  '/portal': ['src/features/portal/portal-page.tsx'],
  '/portal/login': ['src/features/auth/portal-login-page.tsx'],
  '/admin': ['src/features/admin/admin-dashboard-page.tsx'],
  '/admin/login': ['src/features/admin/admin-login-page.tsx'],
};

/** Loaded by every route that uses the API: the Redux store layout and the supabase-js client. */
const apiModules = ['src/app/store-layout.tsx', 'src/lib/supabase.ts'];

/**
 * The files of the chunks `modules` need before they run: each module's chunk and, transitively, the
 * chunks it imports statically (not its lazy imports), in the order first met.
 */
export function chunkFiles(manifest: BuildManifest, modules: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no module ${key}`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return files;
}

/**
 * What a signed-in screen's page shows until the app starts (instead of a blank window while its scripts
 * load): a line of text, replaced, not hydrated, when the app renders (web/src/main.tsx).
 */
export const APP_SHELL_PLACEHOLDER =
  '<p data-app-shell role="status" style="padding:6rem 1rem;text-align:center;color:#4b5563">Loading…</p>';

/**
 * The app page for a signed-in screen: index.html with a placeholder in #root and every chunk the route
 * loads preloaded (the entry's own imports are in index.html already; the entry's lazy ones, React DOM and
 * the app root, load on every route), and /config.json, the API's address, preloaded too unless the build
 * has the address baked in.
 */
export function appShellDocument(
  template: string,
  manifest: BuildManifest,
  pageModules: readonly string[],
  { apiAddressBakedIn = false } = {},
): string {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('The build manifest has no entry');
  const modules = [...(entry[1].dynamicImports ?? []), ...apiModules, ...pageModules];
  const links = chunkFiles(manifest, modules)
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  // A build for hosted Supabase has the API's address in it (web/src/lib/runtime-config.ts): no /config.json.
  const config = apiAddressBakedIn ? '' : '<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous">';
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">');
  return template
    .replace('</head>', () => `${config}${links.join('')}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${APP_SHELL_PLACEHOLDER}</div>`);
}

type PrerenderModule = {
  prerenderedRoutes: readonly string[];
  routesUsableWithoutScript: readonly string[];
  formRoutesStartedAtFirstInput: readonly string[];
  renderRoute(url: string): Promise<string>;
  globalStyleSheet(): string;
};

/**
 * Renders the public routes into dist/web (`/` into index.html, `/faq` into faq/index.html, ...), writes the
 * signed-in screens' pages with their chunks preloaded (portal/index.html, ...) and keeps the empty page as
 * spa.html for every other route.
 */
export async function prerenderPages(webDir: string, entryFile: string): Promise<string[]> {
  const entry = (await import(
    `${pathToFileURL(entryFile).href}?built=${statSync(entryFile).mtimeMs}`
  )) as PrerenderModule;
  // Every page, prerendered or not, carries the global CSS, so the browser need not compute it.
  const template = withGlobalCss(readFileSync(path.join(webDir, 'index.html'), 'utf8'), entry.globalStyleSheet());
  const written: string[] = [];
  for (const route of entry.prerenderedRoutes) {
    const file = path.join(webDir, route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html'));
    const start: AppStart = entry.routesUsableWithoutScript.includes(route)
      ? 'when-needed'
      : entry.formRoutesStartedAtFirstInput.includes(route)
        ? 'at-first-input'
        : 'after-first-paint';
    writeCompressed(file, pageDocument(template, await entry.renderRoute(route), route, start));
    written.push(path.relative(webDir, file));
  }
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest;
    for (const [route, modules] of Object.entries(appShellRoutes)) {
      const file = path.join(webDir, route.slice(1), 'index.html');
      const apiAddressBakedIn = Boolean(process.env.VITE_SUPABASE_URL && process.env.VITE_SUPABASE_ANON_KEY);
      writeCompressed(file, appShellDocument(template, manifest, modules, { apiAddressBakedIn }));
      written.push(path.relative(webDir, file));
    }
    // Not served: kept beside the build for the route budgets (tests/budgets), which read what each route loads.
    renameSync(manifestFile, builtManifestFile(webDir));
    rmSync(path.join(webDir, '.vite'), { recursive: true, force: true });
  }
  // Last: its time stamp marks a complete build (isWebBuildStale).
  writeCompressed(path.join(webDir, SPA_SHELL), template);
  return written;
}

/**
 * Builds the web app with Vite (browser bundle, then the prerender bundle) and prerenders the public pages, into
 * dist/web or `outDir` (its prerender bundle beside it, in `${outDir}-prerender`). VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY in the environment bake a hosted project's address into the build.
 */
export async function buildWeb(outDir?: string): Promise<void> {
  const { build } = await import('vite');
  const configFile = path.join(projectRoot, 'web', 'vite.config.ts');
  const webDir = outDir ?? DEFAULT_WEB_DIR;
  const prerenderDir = outDir ? `${outDir}-prerender` : path.join(projectRoot, 'dist', 'prerender');
  // Built twice: the first build's chunks decide the groups of the second (server/cli/chunk-groups.ts).
  const firstBuild = await build({ configFile, logLevel: 'warn', build: { outDir: webDir, write: false } });
  const groups = planChunkGroups(builtChunks(firstBuild));
  await build({
    configFile,
    logLevel: 'warn',
    build: {
      outDir: webDir,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Not needed: a grouped module's imports are in its group, in one all its pages load, or in every route's.
            includeDependenciesRecursively: false,
            groups: [{ debugName: 'route groups', name: (id: string) => groups.get(id) ?? null }],
          },
        },
      },
    },
  });
  await build({ configFile, logLevel: 'warn', build: { ssr: 'src/entry-prerender.tsx', outDir: prerenderDir } });
  await prerenderPages(webDir, path.join(prerenderDir, 'entry-prerender.js'));
}

/** The chunks of a build made with `write: false`. */
function builtChunks(output: Rolldown.RolldownOutput | Rolldown.RolldownOutput[] | Rolldown.RolldownWatcher) {
  if (!Array.isArray(output) && !('output' in output)) throw new Error('The first web build ran in watch mode');
  return (Array.isArray(output) ? output : [output])
    .flatMap((result) => result.output)
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
}

/** Builds dist/web when it is missing or older than its sources (as `npm start` does), for the tests and benches. */
export async function buildWebWhenStale(): Promise<string> {
  if (isWebBuildStale(DEFAULT_WEB_DIR)) await buildWeb();
  return DEFAULT_WEB_DIR;
}
