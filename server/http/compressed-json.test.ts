import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPRESS_MAX_BYTES, COMPRESS_MIN_BYTES, sendJson } from './compressed-json.ts';

/** A JSON array of `rows` rows, about 100 characters each. */
const rowsJson = (rows: number) =>
  JSON.stringify(Array.from({ length: rows }, (_, id) => ({ id, note: `row ${id} `.padEnd(80, 'x') })));

const app = Fastify();
app.get('/rows/:count', (request, reply) => {
  reply.header('Content-Type', 'application/json; charset=utf-8');
  return sendJson(request, reply, 200, rowsJson(Number((request.params as { count: string }).count)));
});
afterAll(() => app.close());

const read = (count: number) =>
  app.inject({ method: 'GET', url: `/rows/${count}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });

describe('sendJson', () => {
  it('compresses an answer between its two bounds, and leaves the smaller and the larger as they are', async () => {
    const small = await read(2);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();

    const interactive = await read(300);
    expect(interactive.headers['content-encoding']).toBe('br');
    expect(interactive.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(interactive.rawPayload).toString('utf8'))).toHaveLength(300);

    // A bulk read (the desktop sync's pages): sent as it is, whatever the client accepts.
    const bulk = await read(12_000);
    expect(bulk.rawPayload.length).toBeGreaterThan(COMPRESS_MAX_BYTES);
    expect(bulk.headers['content-encoding']).toBeUndefined();
    expect(bulk.headers.vary).toBeUndefined();
    expect(bulk.json()).toHaveLength(12_000);
  });
});
