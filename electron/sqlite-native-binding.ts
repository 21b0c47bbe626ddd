import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * better-sqlite3 is a native module: node_modules holds the build for Node's ABI (the tests use it), and the
 * app needs one for Electron's. `npm run rebuild:desktop-native` compiles a separate copy into
 * `.desktop-native/` (electron/cli/rebuild-native.ts); electron-builder ships that file as
 * `resources/native/better_sqlite3.node` (build/electron-builder.yml).
 */
export const nativeFolderName = '.desktop-native';
export const sqliteAddonFile = 'better_sqlite3.node';

/** The Electron build of better-sqlite3 in a development checkout. */
export function developmentNativeBinding(projectRoot: string): string {
  return path.join(projectRoot, nativeFolderName, 'better-sqlite3', 'build', 'Release', sqliteAddonFile);
}

/** The Electron build of better-sqlite3 inside a packaged app (beside app.asar, never inside it). */
export function packagedNativeBinding(resourcesPath: string): string {
  return path.join(resourcesPath, 'native', sqliteAddonFile);
}

export type NativeBindingPaths = {
  /** Electron's app.isPackaged. */
  packaged: boolean;
  /** Electron's process.resourcesPath. */
  resourcesPath: string;
  /** The checkout the app runs from in development. */
  projectRoot: string;
};

/**
 * The `nativeBinding` option to open SQLite with in the main process: the Electron build of the add-on
 * when it exists (the packaged one in an installed app, the one in .desktop-native in a checkout), else
 * undefined, and better-sqlite3 loads its own build (right under Node, as in the tests).
 */
export function sqliteNativeBinding(
  paths: NativeBindingPaths,
  exists: (file: string) => boolean = existsSync,
): string | undefined {
  const file = paths.packaged
    ? packagedNativeBinding(paths.resourcesPath)
    : developmentNativeBinding(paths.projectRoot);
  return exists(file) ? file : undefined;
}
