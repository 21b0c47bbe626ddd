import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { contentType } from 'mime-types';
import { negotiatedEncoding, type ContentEncoding } from './content-encoding.ts';

/**
 * The web build's hashed files (/assets/): each file's name changes with its content, so a file read once is kept in
 * memory and sent from there, with its .br and .gz copies, and browsers keep it for a year.
 *
 * Read from disk for each request (@fastify/static), a script took 1 to 2 ms before its first byte, and the eleven
 * a signed-in page asks for at once 5 to 30 ms each (each file's checks and reads queue on the few threads Node
 * gives the disk); from memory, 0.6 to 0.8 ms one by one and 1.5 to 4.5 ms eleven at once. In Lighthouse's load of
 * the portal the scripts' waits went from 15 to 40 ms to under 8 ms (its simulated phone adds the server's typical
 * wait to each request), which moved its time to interactive less than one run differs from the next.
 */

/** A file's bytes as stored, and its compressed copies (`offered`: the encodings it has a copy in). */
type HashedAsset = {
  type: string;
  identity: Buffer;
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  offered: ContentEncoding[];
};

/** Names as the build writes them (letters, digits, dots, dashes, underscores): anything else is not an asset. */
const assetName = /^[\w.-]+$/;
/** The most files kept (a build has some forty; rebuilds while the server runs add more under new names). */
const MAX_KEPT = 500;

async function readIfThere(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function readAsset(assetsDir: string, name: string): Promise<HashedAsset | undefined> {
  const file = path.join(assetsDir, name);
  const identity = await readIfThere(file);
  if (!identity) return undefined;
  const [br, gzip] = await Promise.all([readIfThere(`${file}.br`), readIfThere(`${file}.gz`)]);
  const encoded = { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) };
  return {
    type: contentType(name) || 'application/octet-stream',
    identity,
    encoded,
    offered: Object.keys(encoded) as ContentEncoding[],
  };
}

/** Serves `assetsDir` at /assets/, from memory once read (see above). */
export function registerHashedAssets(app: FastifyInstance, assetsDir: string): void {
  const kept = new Map<string, Promise<HashedAsset | undefined>>();
  app.get('/assets/*', async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    if (!assetName.test(name) || name.startsWith('.')) return reply.callNotFound();
    let reading = kept.get(name);
    if (!reading) {
      reading = readAsset(assetsDir, name);
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(name, reading);
    }
    const asset = await reading;
    if (!asset) {
      // Not kept: the file may appear later (a build written while the server runs).
      kept.delete(name);
      return reply.callNotFound();
    }
    reply.header('Content-Type', asset.type);
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    if (asset.offered.length === 0) return reply.send(asset.identity);
    const encoding = negotiatedEncoding(request, reply, asset.offered);
    if (!encoding) return reply.send(asset.identity);
    reply.header('Content-Encoding', encoding);
    return reply.send(asset.encoded[encoding]);
  });
}
