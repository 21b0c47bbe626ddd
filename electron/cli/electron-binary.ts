import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type ElectronBinary = { found: true; path: string } | { found: false; reason: string };

/** The executable's path inside the electron package's dist folder, as its install script names it. */
function platformExecutable(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

/**
 * Where the Electron executable is, found the way the electron package's index.js finds it (path.txt names
 * it inside dist/, ELECTRON_OVERRIDE_DIST_PATH replaces dist/), but without loading that index.js: it starts a
 * download when the binary is missing and throws with a stack trace when the download fails.
 */
export function findElectronBinary(
  electronPackageDir: string,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ElectronBinary {
  const pathFile = path.join(electronPackageDir, 'path.txt');
  const named = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const binary = path.join(override, named || platformExecutable(platform));
    return existsSync(binary)
      ? { found: true, path: binary }
      : { found: false, reason: `ELECTRON_OVERRIDE_DIST_PATH names no Electron executable (${binary})` };
  }
  if (!named) return { found: false, reason: 'the Electron binary was never downloaded' };
  const binary = path.join(electronPackageDir, 'dist', named);
  return existsSync(binary)
    ? { found: true, path: binary }
    : { found: false, reason: `the Electron binary is missing (${binary})` };
}
