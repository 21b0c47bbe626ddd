import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import electron from 'vite-plugin-electron/simple';
import { withoutSupabaseRealtime } from '../web/vite.config.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The desktop admin app: renderer (this folder) plus Electron's main and preload, built together. */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [
    react(),
    electron({
      main: {
        entry: path.join(root, 'electron', 'main.ts'),
        vite: {
          build: {
            outDir: path.join(root, 'dist-electron'),
            rolldownOptions: { external: ['electron', 'better-sqlite3'] },
          },
        },
      },
      preload: {
        input: path.join(root, 'electron', 'preload.ts'),
        // Sandboxed preloads must be CommonJS.
        vite: {
          build: {
            outDir: path.join(root, 'dist-electron'),
            rolldownOptions: { output: { format: 'cjs', entryFileNames: 'preload.cjs' } },
          },
        },
      },
    }),
  ],
  // The same supabase-js as the web app's, without the realtime client neither app uses.
  resolve: { alias: withoutSupabaseRealtime },
  build: {
    outDir: path.join(root, 'dist', 'desktop'),
    emptyOutDir: true,
    target: 'es2022',
  },
});
