import { spawn } from 'node:child_process';
import path from 'node:path';
import { findElectronBinary } from './electron-binary.ts';
import {
  installedElectronVersion,
  isNativeBuildCurrent,
  nativeRebuildOptions,
  rebuildNativeForElectron,
} from './native-rebuild.ts';
import { oneLine } from './one-line.ts';

/**
 * `npm run desktop`: checks that the Electron binary is there (before anything slow, and without loading
 * the electron package, which would try to download it and throw a stack trace), builds better-sqlite3 for
 * Electron when its build is missing or for another version, builds the renderer, main and preload with
 * Vite, then starts Electron. Any failure is one line on stderr and exit code 1.
 */
const projectRoot = path.resolve(import.meta.dirname, '..', '..');

async function main(): Promise<number> {
  const version = installedElectronVersion(projectRoot);
  const binary = findElectronBinary(path.join(projectRoot, 'node_modules', 'electron'));
  if (!binary.found) {
    throw new Error(
      `Cannot start the desktop app: ${binary.reason}; run \`npx install-electron\` (Electron ${version}) where downloads are possible, then \`npm run desktop\` again.`,
    );
  }
  if (!(await isNativeBuildCurrent(projectRoot, version, process.arch))) {
    console.log(`Building better-sqlite3 for Electron ${version}...`);
    await rebuildNativeForElectron(nativeRebuildOptions(projectRoot));
  }
  const { build } = await import('vite');
  await build({ configFile: path.join(projectRoot, 'renderer', 'vite.config.ts'), logLevel: 'warn' });
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(binary.path, ['.'], { cwd: projectRoot, stdio: 'inherit', env });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 0));
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(oneLine(error));
    process.exit(1);
  },
);
