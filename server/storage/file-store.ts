import { randomUUID } from 'node:crypto';
import { chmodSync, createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storageErrors } from './errors.ts';

const bucketId = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const objectId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Files of storage objects, under DATA_DIR/storage/<bucket>/<object id>. Only validated bucket ids and
 * object UUIDs form paths, so nothing a client sends can point outside this folder.
 */
export class FileStore {
  private readonly uploads: string;
  /** While a backup copies stored files (see holdRemovals), removals wait here. */
  private holds = 0;
  private heldRemovals: string[] = [];

  constructor(readonly root: string) {
    this.uploads = path.join(root, '.uploads');
    mkdirSync(this.uploads, { recursive: true, mode: 0o700 });
    // The applicants' documents: only this account may enter, even when the folder was made before.
    chmodSync(root, 0o700);
  }

  private objectPath(bucket: string, id: string): string {
    if (!bucketId.test(bucket) || !objectId.test(id)) throw new Error(`Refusing storage path ${bucket}/${id}`);
    return path.join(this.root, bucket, id);
  }

  /** Streams a body to a temporary file, never holding it in memory; fails with 413 past the limit. */
  async receive(source: Readable, limitBytes: number): Promise<{ tempFile: string; size: number }> {
    const tempFile = path.join(this.uploads, randomUUID());
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > limitBytes) callback(storageErrors.tooLarge(limitBytes));
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(tempFile, { mode: 0o600 }));
    } catch (error) {
      await rm(tempFile, { force: true });
      throw error;
    }
    return { tempFile, size };
  }

  /** Moves a received file into place (an atomic rename on the same file system). */
  async commit(tempFile: string, bucket: string, id: string): Promise<void> {
    const target = this.objectPath(bucket, id);
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    await rename(tempFile, target);
  }

  async discard(tempFile: string): Promise<void> {
    await rm(tempFile, { force: true });
  }

  async remove(bucket: string, id: string): Promise<void> {
    const file = this.objectPath(bucket, id);
    if (this.holds > 0) this.heldRemovals.push(file);
    else await rm(file, { force: true });
  }

  /**
   * Until the returned function is called, removals are put off (their rows are already gone, so nobody
   * sees the difference): a backup taken meanwhile finds every file its database copy names. Should the
   * process stop first, the start-up storage check removes those files as files without a row.
   */
  holdRemovals(): () => Promise<void> {
    this.holds += 1;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds > 0) return;
      const files = this.heldRemovals.splice(0);
      await Promise.all(files.map((file) => rm(file, { force: true })));
    };
  }

  async size(bucket: string, id: string): Promise<number | undefined> {
    try {
      return (await stat(this.objectPath(bucket, id))).size;
    } catch {
      return undefined;
    }
  }

  open(bucket: string, id: string): Readable {
    return createReadStream(this.objectPath(bucket, id));
  }
}
