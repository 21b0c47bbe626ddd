import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * shared/ is the domain package every other folder uses: an export of it that no other file names is either dead
 * or a copy of something written out elsewhere (the admin role was exported while four places wrote 'admin').
 * Each export must be named by at least one other file (code, or a test of its behaviour).
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const folders = ['shared', 'web', 'renderer', 'electron', 'server', 'supabase', 'tests'];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

it('every export of shared/ is named by another file', () => {
  const files = folders.flatMap(sourceFiles);
  const words = new Map(
    files.map((file) => [file, new Set(readFileSync(path.join(root, file), 'utf8').match(/\w+/g))]),
  );
  const unused: string[] = [];
  for (const file of files.filter((name) => name.startsWith('shared/') && !/\.test\.tsx?$/.test(name))) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/^export (?:async )?(?:const|function|type|class|enum) (\w+)/gm)) {
      const name = match[1]!;
      const namedElsewhere = files.some((other) => other !== file && words.get(other)!.has(name));
      if (!namedElsewhere) unused.push(`${file}: ${name}`);
    }
  }
  expect(unused).toEqual([]);
});
