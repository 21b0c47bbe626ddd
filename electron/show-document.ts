import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { acceptedUploadExtension, fileExtension } from '../shared/catalogue/documents.ts';

/** The most bytes (UTF-8) of the applicant's file name kept in the viewer's file name (file systems allow 255). */
const viewerStemBytes = 150;

/** The longest start of `text` that fits in `bytes` bytes of UTF-8, cut between characters. */
function startWithin(text: string, bytes: number): string {
  let kept = '';
  for (const character of text) {
    if (Buffer.byteLength(kept + character) > bytes) break;
    kept += character;
  }
  return kept;
}

/**
 * The name a document is opened under. The system picks the program by the extension, and the applicant chose the
 * file name (the API takes any): the extension is the one the server checked and stored the file with (from its
 * storage path), never the file name's, so 'invoice.hta' or a name turned around by a right-to-left override
 * opens as the PDF or image it was stored as. Control and direction characters and what Windows forbids in a
 * name are left out of the rest.
 */
export function viewerFileName(fileName: string, storagePath: string): string {
  const extension = acceptedUploadExtension(path.posix.basename(storagePath));
  if (!extension) throw new Error('This document was not stored as a type this app opens');
  let stem = fileName
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[<>:"/\\|?*]/g, '_')
    .trim();
  if (fileExtension(stem) === extension) stem = stem.slice(0, -(extension.length + 1));
  stem = startWithin(stem, viewerStemBytes)
    .replace(/^[. ]+/, '')
    .replace(/[. ]+$/, '');
  return `${stem || 'document'}.${extension}`;
}

/**
 * Opens a document's bytes in the system's viewer: written under viewerFileName into a fresh folder of the
 * app's temporary folder (owner-only), then handed to Electron's shell.openPath, passed in (the Electron
 * binary cannot run in the tests).
 */
export function documentViewer(deps: { folder: string; openPath: (filePath: string) => Promise<string> }) {
  return async (data: Uint8Array, fileName: string, storagePath: string): Promise<string> => {
    const folder = path.join(deps.folder, randomUUID());
    const filePath = path.join(folder, viewerFileName(fileName, storagePath));
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(filePath, data, { mode: 0o600 });
    const problem = await deps.openPath(filePath);
    if (problem) throw new Error(`Could not open ${fileName}: ${problem}`);
    return filePath;
  };
}
