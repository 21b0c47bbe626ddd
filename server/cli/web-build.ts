import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../config.ts';

/** Sources the web build is made from: a change in any of them makes the build stale. */
export const webSources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'shared',
  'package-lock.json',
];

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

/** True when dist/web is missing or older than any of its sources. */
export function isWebBuildStale(webDir: string, root = projectRoot): boolean {
  const index = path.join(webDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return webSources.some((source) => newestModification(path.join(root, source)) > built);
}

/** Builds the web app with Vite (the same as `npm run build:web`). */
export async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(projectRoot, 'web', 'vite.config.ts'), logLevel: 'warn' });
}
