import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { SPA_SHELL, writeCompressed } from '../../server/cli/web-build.ts';

/** Where the floor page is served from, beside the web build. */
export const STACK_FLOOR_PATH = '/bench-stack-floor/';

/**
 * Builds the stack's floor into the web build (`dist/web/bench-stack-floor/`), for the portal benchmark's
 * baseline: the least a signed-in page made of the chosen stack can load and do before it shows data. It is
 * React DOM, the web app's Chakra styling system and its supabase-js client, one read and one paragraph
 * (stack-floor/main.tsx), in one script, with what the app's signed-in pages carry in their HTML (the global
 * CSS, /config.json preloaded). A page of this stack cannot be interactive sooner than this one.
 */
export async function buildStackFloor(webDir: string): Promise<string> {
  const outDir = path.join(webDir, STACK_FLOOR_PATH);
  await build({
    configFile: false,
    logLevel: 'warn',
    root: path.join(import.meta.dirname, 'stack-floor'),
    base: STACK_FLOOR_PATH,
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 2000,
      // One script: nothing of the floor waits on a second round trip for a chunk.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const app = readFileSync(path.join(webDir, SPA_SHELL), 'utf8');
  const globalCss = /<style data-global-css[^>]*>[\s\S]*?<\/style>/.exec(app)?.[0];
  if (!globalCss) throw new Error(`${SPA_SHELL} has no global CSS`);
  const page = path.join(outDir, 'index.html');
  const html = readFileSync(page, 'utf8').replace(
    '</head>',
    () => `<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous">${globalCss}</head>`,
  );
  rmSync(page);
  writeCompressed(page, html);
  // Served compressed, as the web build's scripts are.
  const assets = path.join(outDir, 'assets');
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    writeCompressed(path.join(assets, name), readFileSync(path.join(assets, name), 'utf8'));
  }
  return STACK_FLOOR_PATH;
}
