import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Header } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { MANIFEST_ENTRY, MANIFEST_LIMIT_BYTES, readArchive } from './archive.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-archive-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A .tar.gz holding one manifest.json of `size` bytes (spaces), written as it streams. */
async function archiveWithManifestOf(size: number): Promise<string> {
  const file = path.join(folder, `manifest-${size}.tar.gz`);
  const header = new Header({ path: MANIFEST_ENTRY, type: 'File', size, mode: 0o600, mtime: new Date() });
  header.encode();
  async function* blocks() {
    yield header.block!;
    const chunk = Buffer.alloc(1024 * 1024, ' ');
    for (let left = size; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    // The entry padded to whole 512-byte blocks, then the two empty blocks that end an archive.
    yield Buffer.alloc(((512 - (size % 512)) % 512) + 1024);
  }
  await pipeline(Readable.from(blocks()), createGzip({ level: 1 }), createWriteStream(file));
  return file;
}

describe('readArchive', () => {
  it('refuses a manifest over its limit without reading it into memory', async () => {
    const file = await archiveWithManifestOf(MANIFEST_LIMIT_BYTES + 1);
    await expect(readArchive(file)).rejects.toThrow(
      `${file} is not a backup made by npm run backup: its manifest is over 64 MB.`,
    );
  });

  it('reads a manifest within its limit (here one that is not a manifest)', async () => {
    const file = await archiveWithManifestOf(2048);
    await expect(readArchive(file)).rejects.toThrow(
      `${file} is not a backup made by npm run backup: its manifest is unreadable.`,
    );
  });
});
