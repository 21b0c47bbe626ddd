import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What is wrong with DATA_DIR as a folder, in words, or undefined: it is a folder, or can be created (a missing
 * one whose nearest existing parent is a folder). A file there, or above it, is a typo the commands name
 * before they touch anything (`npm run restore`, `backup`, `db:reset`).
 */
export function dataDirProblem(dataDir: string): string | undefined {
  let existing = dataDir;
  while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  if (!existsSync(existing) || statSync(existing).isDirectory()) return undefined;
  return existing === dataDir
    ? `DATA_DIR (${dataDir}) is a file, not a folder`
    : `DATA_DIR (${dataDir}) cannot be a folder: ${existing} is a file`;
}
