import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`;
const apiPaths = ['/rest', '/auth', '/storage', '/functions', '/_dev', '/config.json', '/health'];

const publicDir = path.join(import.meta.dirname, 'public');

/**
 * The page icon written into the HTML (public/favicon.svg as a data: address): as a file of its own, its request
 * took one of HTTP/1.1's six connections while the page's scripts waited for one.
 */
function inlinePageIcon(): Plugin {
  const icon = `data:image/svg+xml,${encodeURIComponent(readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8').trim())}`;
  return {
    name: 'inline-page-icon',
    transformIndexHtml: (html) => html.replace('href="/favicon.svg"', () => `href="${icon}"`),
  };
}

/**
 * supabase-js's realtime client, which the app never uses, replaced by a stand-in of a few lines (16 KB of gzip less
 * on every signed-in page): see src/lib/no-realtime.ts. The desktop renderer's build (renderer/vite.config.ts) uses
 * it too, so that both apps run the same supabase-js.
 */
export const withoutSupabaseRealtime = [
  { find: /^@supabase\/realtime-js$/, replacement: path.join(import.meta.dirname, 'src/lib/no-realtime.ts') },
];

/**
 * The browser build: served by server/ (npm start) or any static host in front of hosted Supabase. The
 * same config builds src/entry-prerender.tsx for Node (`--ssr`), which renders the public pages at build time.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  publicDir,
  plugins: [
    react(),
    inlinePageIcon(),
    ...(isSsrBuild
      ? []
      : [
          // Brotli and gzip copies beside each text asset; server/ serves them to browsers that accept them.
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(html|js|mjs|css|json|svg|md|txt)$/,
            threshold: 1024,
          }),
        ]),
  ],
  build: isSsrBuild
    ? { outDir: path.join(import.meta.dirname, '..', 'dist', 'prerender'), emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: path.join(import.meta.dirname, '..', 'dist', 'web'),
        emptyOutDir: true,
        target: 'es2022',
        // .vite/manifest.json: which chunks each module needs; the signed-in screens' pages preload theirs.
        manifest: true,
      },
  resolve: { alias: withoutSupabaseRealtime },
  server: {
    port: 5173,
    strictPort: false,
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
}));
