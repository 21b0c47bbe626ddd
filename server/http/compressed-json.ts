import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiatedEncoding } from './content-encoding.ts';

/**
 * Compressed JSON answers from the data API, for browsers on slow networks: the portal's list of 30 documents is
 * 14 KB of JSON and some 2 KB compressed. Over a phone's network (HTTP/1.1, a fresh connection sending a few KB in
 * its first round trip) the 14 KB took two round trips more than the 2 KB do, and the portal waited for them
 * (Lighthouse's simulated slow 4G: the documents arrived some 0.3 s after the page's last script).
 *
 * @fastify/compress is not used: it leaves every answer with a Content-Range header as it is (for byte ranges,
 * the range names offsets in the uncompressed body), and the data API sends one with every read (the rows'
 * range: `0-29/*`).
 *
 * Safe against BREACH (a secret guessed from the compressed size of answers that also reflect the attacker's
 * text): a page on another site cannot make a browser send our API a signed-in request, since the session goes in
 * the Authorization header the app sets, never in a cookie the browser adds.
 */

/** Smaller answers go as they are: compressing them saves less than a packet. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Larger answers go as they are too: they are bulk reads, as the desktop app's sync of 1,000 applications a page (1.4
 * MB), not what a phone waits on (the portal's reads are a few KB, the dashboard's pages tens). On the machine of the
 * server, where a desktop app often runs, compressing and unpacking such pages cost more than sending them: the sync
 * of 10,000 applications took 1.13 to 1.20 s with them compressed, 0.95 to 1.00 s without. Over a network, a proxy
 * in front of the server (or hosted Supabase's gateway) may compress them.
 */
export const COMPRESS_MAX_BYTES = 1024 * 1024;

/**
 * Brotli at quality 4 of 11 for browsers (they all accept it), gzip at its fastest level for the others (Node's
 * fetch asks for gzip only): the higher levels are for files compressed once, at build time.
 */
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const gzipOptions = { level: constants.Z_BEST_SPEED };

/**
 * Sends `body` (JSON text, the Content-Type already set) with `status`, compressed with the best encoding the
 * request accepts when its length is between COMPRESS_MIN_BYTES and COMPRESS_MAX_BYTES.
 */
export async function sendJson(request: FastifyRequest, reply: FastifyReply, status: number, body: string) {
  reply.code(status);
  if (body.length < COMPRESS_MIN_BYTES || body.length > COMPRESS_MAX_BYTES) return reply.send(body);
  const encoding = negotiatedEncoding(request, reply, ['br', 'gzip']);
  if (!encoding) return reply.send(body);
  const compressed = encoding === 'br' ? await brotli(body, brotliOptions) : await gzipped(body, gzipOptions);
  reply.header('Content-Encoding', encoding);
  return reply.send(compressed);
}
