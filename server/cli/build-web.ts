import path from 'node:path';
import { buildWeb } from './web-build.ts';

/**
 * `npm run build:web`: the browser bundle in dist/web with the public pages prerendered. `-- --out DIR` builds
 * into DIR instead (with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY set: a build for a hosted project).
 */
const at = process.argv.indexOf('--out');
const outDir = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]!) : undefined;
await buildWeb(outDir);
console.log(`Built ${outDir ?? 'dist/web'}.`);
