import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { documentFileName } from '../shared/catalogue/documents.ts';

/**
 * What Windows keeps beside a file downloaded from the internet (its Zone.Identifier stream, zone 3): Office then
 * opens it in Protected View and blocks its macros, as it does a browser's download of the same file. An
 * applicant's .doc or .xls may carry macros, and the officer opening it must not get the ordinary 'Enable Content'.
 */
export const INTERNET_ZONE_MARK = '[ZoneTransfer]\r\nZoneId=3\r\n';

/**
 * Opens a document's bytes in the system's viewer: written under documentFileName into a fresh folder of the
 * app's temporary folder (owner-only), marked as from the internet on Windows (INTERNET_ZONE_MARK), then handed
 * to Electron's shell.openPath, passed in (the Electron binary cannot run in the tests).
 */
export function documentViewer(deps: {
  folder: string;
  openPath: (filePath: string) => Promise<string>;
  /** process.platform unless a test says otherwise. */
  platform?: NodeJS.Platform;
}) {
  return async (data: Uint8Array, fileName: string, storagePath: string): Promise<string> => {
    const folder = path.join(deps.folder, randomUUID());
    const filePath = path.join(folder, documentFileName(fileName, storagePath));
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(filePath, data, { mode: 0o600 });
    if ((deps.platform ?? process.platform) === 'win32') {
      writeFileSync(`${filePath}:Zone.Identifier`, INTERNET_ZONE_MARK, { mode: 0o600 });
    }
    const problem = await deps.openPath(filePath);
    if (problem) throw new Error(`Could not open ${fileName}: ${problem}`);
    return filePath;
  };
}

/**
 * Removes the copies handed to the viewer (every folder under `folder`): at start, at logout and when another
 * officer signs in, so that nothing of an officer's documents stays beside the cache that was cleared. A copy still
 * open in a viewer on Windows cannot be removed then: it goes at the next start.
 */
export function forgetShownDocuments(folder: string): void {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return;
  }
  for (const entry of entries) {
    try {
      rmSync(path.join(folder, entry), { recursive: true, force: true });
    } catch {
      // Still open in a viewer (Windows): removed at the next start.
    }
  }
}
