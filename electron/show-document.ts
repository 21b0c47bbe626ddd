import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { documentFileName } from '../shared/catalogue/documents.ts';

/**
 * Opens a document's bytes in the system's viewer: written under documentFileName into a fresh folder of the
 * app's temporary folder (owner-only), then handed to Electron's shell.openPath, passed in (the Electron
 * binary cannot run in the tests).
 */
export function documentViewer(deps: { folder: string; openPath: (filePath: string) => Promise<string> }) {
  return async (data: Uint8Array, fileName: string, storagePath: string): Promise<string> => {
    const folder = path.join(deps.folder, randomUUID());
    const filePath = path.join(folder, documentFileName(fileName, storagePath));
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(filePath, data, { mode: 0o600 });
    const problem = await deps.openPath(filePath);
    if (problem) throw new Error(`Could not open ${fileName}: ${problem}`);
    return filePath;
  };
}
