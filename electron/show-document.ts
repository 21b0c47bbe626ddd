import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Opens a document's bytes in the system's viewer: written under its own name into a fresh folder of the
 * app's temporary folder (owner-only), then handed to Electron's shell.openPath, passed in (the Electron
 * binary cannot run in the tests). The name arrives validated as a bare file name (no folders).
 */
export function documentViewer(deps: { folder: string; openPath: (filePath: string) => Promise<string> }) {
  return async (data: Uint8Array, fileName: string): Promise<string> => {
    const folder = path.join(deps.folder, randomUUID());
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const filePath = path.join(folder, path.basename(fileName));
    writeFileSync(filePath, data, { mode: 0o600 });
    const problem = await deps.openPath(filePath);
    if (problem) throw new Error(`Could not open ${fileName}: ${problem}`);
    return filePath;
  };
}
