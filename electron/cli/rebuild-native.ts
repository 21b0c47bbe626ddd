import path from 'node:path';
import { nativeRebuildOptions, rebuildNativeForElectron } from './native-rebuild.ts';
import { oneLine } from './one-line.ts';

/**
 * `npm run rebuild:desktop-native`: compiles better-sqlite3 for the installed Electron's ABI into
 * .desktop-native/ (node_modules keeps the Node build the tests use). Needs Electron's headers (downloaded
 * from electronjs.org), Python 3 and a C++ compiler; where one is missing it says so in one line.
 */
const projectRoot = path.resolve(import.meta.dirname, '..', '..');

try {
  const options = nativeRebuildOptions(projectRoot);
  console.log(`Building better-sqlite3 for Electron ${options.electronVersion} (${options.arch})...`);
  const binary = await rebuildNativeForElectron(options);
  console.log(`Built ${path.relative(projectRoot, binary)}`);
} catch (error) {
  console.error(oneLine(error));
  process.exit(1);
}
