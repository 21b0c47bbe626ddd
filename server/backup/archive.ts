import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Header, Parser, Pax, type ReadEntry } from 'tar';
import { z } from 'zod';

/**
 * The backup archive: one .tar.gz holding
 * - `database/pgdata.tar` (the embedded database's data directory, as PGlite dumps it) or
 *   `database/postgres.sql` (pg_dump's plain SQL of the DATABASE_URL database);
 * - `data/...`: what the data folder holds besides the database: the JWT secret, the first-run
 *   administrator's credentials, and `data/storage/<bucket>/<object id>`, the file of every stored object;
 * - `manifest.json`, last: format and version, when, which database, and the size and SHA-256 of every
 *   other entry. Written last so that the archive streams in one pass; an archive cut short has none.
 * Reading checks the archive against its manifest before anything is restored.
 */
export const BACKUP_FORMAT = 'loan-match-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
/**
 * The largest manifest a restore reads (it is held in memory to be parsed). A manifest lists each stored file in
 * about 170 bytes, so this is some 390,000 files; an archive with a larger one is refused before it is read in.
 */
export const MANIFEST_LIMIT_BYTES = 64 * 1024 * 1024;

export type DatabaseKind = 'pglite' | 'postgres';

export const databaseEntry: Record<DatabaseKind, string> = {
  pglite: 'database/pgdata.tar',
  postgres: 'database/postgres.sql',
};

/** Entries outside the database: data/ plus a path inside the data folder. */
const dataEntry = /^data\/(?:jwt-secret|admin-credentials\.txt|storage\/[a-z0-9][a-z0-9_-]{0,62}\/[0-9a-f-]{36})$/;

/** Whether a name may appear in an archive: anything else is refused before it reaches the disk. */
export function isArchiveEntryName(name: string): boolean {
  return Object.values(databaseEntry).includes(name) || dataEntry.test(name);
}

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), version: z.string() }),
  /** Where the server's JWT secret came from: the data folder (then it is in the archive) or JWT_SECRET. */
  jwtSecret: z.enum(['data-folder', 'environment']),
  storedFiles: z.number().int().min(0),
  /** Stored objects whose file was already missing when the backup was made (their rows are kept). */
  missingFiles: z.array(z.string()),
  entries: z.array(z.object({ name: z.string(), size: z.number().int().min(0), sha256: z.string() })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = Manifest['entries'][number];

/** An entry to write: bytes held in memory, or a file read as it is written. */
export type ArchiveEntry = { name: string } & ({ bytes: Uint8Array } | { file: string });

export type ArchiveDescription = Omit<Manifest, 'format' | 'version' | 'createdAt' | 'storedFiles' | 'entries'>;

export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

const BLOCK = 512;

function headerBlocks(name: string, size: number, mtime: Date): Buffer {
  const header = new Header({ path: name, mode: 0o600, size, mtime, type: 'File', uid: 0, gid: 0 });
  // Like node-tar's own writer: a pax header carries what the classic header cannot (a path past 100 bytes).
  const needsPax = header.encode();
  const block = header.block!;
  return needsPax ? Buffer.concat([new Pax({ path: name, size, mtime }).encode(), block]) : block;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

async function* tarBlocks(entries: ArchiveEntry[], describe: ArchiveDescription): AsyncGenerator<Buffer> {
  const createdAt = new Date();
  const listed: ManifestEntry[] = [];
  for (const entry of entries) {
    const hash = createHash('sha256');
    let size: number;
    if ('bytes' in entry) {
      size = entry.bytes.length;
      yield headerBlocks(entry.name, size, createdAt);
      hash.update(entry.bytes);
      yield Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.byteLength);
    } else {
      size = (await stat(entry.file)).size;
      yield headerBlocks(entry.name, size, createdAt);
      let read = 0;
      // Stored files never change once written (a replacement is a new object), so the size read first holds.
      const chunks = size > 0 ? createReadStream(entry.file, { end: size - 1 }) : [];
      for await (const chunk of chunks) {
        const bytes = chunk as Buffer;
        read += bytes.length;
        hash.update(bytes);
        yield bytes;
      }
      if (read !== size) throw new ArchiveError(`${entry.file} changed size while it was being archived`);
    }
    yield padding(size);
    listed.push({ name: entry.name, size, sha256: hash.digest('hex') });
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    createdAt: createdAt.toISOString(),
    ...describe,
    storedFiles: listed.filter((entry) => entry.name.startsWith('data/storage/')).length,
    entries: listed,
  };
  const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  yield headerBlocks(MANIFEST_ENTRY, text.length, createdAt);
  yield text;
  yield padding(text.length);
  // The end of a tar archive: two empty blocks.
  yield Buffer.alloc(2 * BLOCK);
}

/** The archive as a gzip stream, made while it is read (files are read one at a time, never all in memory). */
export function archiveStream(entries: ArchiveEntry[], describe: ArchiveDescription): Readable {
  for (const entry of entries) {
    if (!isArchiveEntryName(entry.name)) throw new ArchiveError(`Refusing to archive ${entry.name}`);
  }
  const gzip = createGzip();
  pipeline(Readable.from(tarBlocks(entries, describe)), gzip).catch((error: unknown) => gzip.destroy(error as Error));
  return gzip;
}

/** Writes the archive to `output`. */
export async function writeArchive(
  output: Writable,
  entries: ArchiveEntry[],
  describe: ArchiveDescription,
): Promise<void> {
  await pipeline(archiveStream(entries, describe), output);
}

/** Counts and hashes what passes through. */
function measured(): Transform & { size: () => number; sha256: () => string } {
  const hash = createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return Object.assign(transform, { size: () => size, sha256: () => hash.digest('hex') });
}

/** Where bytes go when they are only checked, not kept. */
function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, callback) => callback() });
}

function readFailure(file: string, error: unknown): ArchiveError {
  const message = error instanceof Error ? error.message : String(error);
  return /unexpected end of file|truncated/i.test(message)
    ? new ArchiveError(`${file} is not a complete backup: it ends too early (cut short while written or copied).`)
    : new ArchiveError(`${file} cannot be read as a backup (.tar.gz): it is damaged or not a backup (${message}).`);
}

/**
 * Reads an archive through, checking it against its manifest: every entry present once, with its size
 * and SHA-256, nothing else. With `extractTo`, entries other than the manifest are written under that
 * folder as they are read (only names the format allows, so nothing lands outside it). Throws
 * ArchiveError saying what is wrong.
 */
export async function readArchive(file: string, extractTo?: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  const writes: Promise<void>[] = [];
  const sinks: Writable[] = [];
  let manifestText: string | undefined;
  let refused: string | undefined;

  const parser = new Parser({
    strict: true,
    onReadEntry: (entry: ReadEntry) => {
      const name = entry.path;
      if (entry.type !== 'File' || (name !== MANIFEST_ENTRY && !isArchiveEntryName(name)) || seen.has(name)) {
        refused ??= `unexpected entry ${name} (${entry.type})`;
        entry.resume();
        return;
      }
      if (name === MANIFEST_ENTRY && entry.size > MANIFEST_LIMIT_BYTES) {
        refused ??= `its manifest is over ${MANIFEST_LIMIT_BYTES / 1024 / 1024} MB`;
        entry.resume();
        return;
      }
      if (name === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => (manifestText = Buffer.concat(chunks).toString('utf8')));
        return;
      }
      const measure = measured();
      seen.set(name, { size: -1, sha256: '' });
      const target = extractTo ? path.join(extractTo, ...name.split('/')) : undefined;
      if (target) mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      const sink = target ? createWriteStream(target, { mode: 0o600 }) : discard();
      sinks.push(sink);
      const done = pipeline(entry, measure, sink).then(() => {
        seen.set(name, { size: measure.size(), sha256: measure.sha256() });
      });
      // Handled here (and awaited below): a failed write must not surface as an unhandled rejection meanwhile.
      done.catch(() => undefined);
      writes.push(done);
    },
  });

  try {
    await pipeline(createReadStream(file), parser);
    await Promise.all(writes);
  } catch (error) {
    // An entry cut short never ends: its write is stopped here, and waited for.
    for (const sink of sinks) sink.destroy();
    await Promise.allSettled(writes);
    throw readFailure(file, error);
  }
  if (refused) throw new ArchiveError(`${file} is not a backup made by npm run backup: ${refused}.`);
  if (manifestText === undefined) {
    throw new ArchiveError(`${file} is not a complete backup: it has no manifest (cut short, or not a backup).`);
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch {
    throw new ArchiveError(`${file} is not a backup made by npm run backup: its manifest is unreadable.`);
  }
  if (manifest.version > BACKUP_FORMAT_VERSION) {
    throw new ArchiveError(
      `${file} was made by a newer version (backup format ${manifest.version}; this one reads ${BACKUP_FORMAT_VERSION}).`,
    );
  }
  const problems: string[] = [];
  for (const expected of manifest.entries) {
    const found = seen.get(expected.name);
    if (!found) problems.push(`${expected.name} is missing`);
    else if (found.size !== expected.size || found.sha256 !== expected.sha256) {
      problems.push(`${expected.name} does not match its checksum`);
    }
  }
  const listed = new Set(manifest.entries.map((entry) => entry.name));
  for (const name of seen.keys()) if (!listed.has(name)) problems.push(`${name} is not in the manifest`);
  if (!listed.has(databaseEntry[manifest.database.kind])) problems.push('the database is missing');
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
    throw new ArchiveError(`${file} is damaged: ${shown}.`);
  }
  return manifest;
}
