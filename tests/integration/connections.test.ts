import { request as httpRequest, Agent } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { largePdf } from '../support/sample-files.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

const server = serverForThisFile();
// One socket at most, kept alive: the second request goes where the first one went (or on a new socket if
// the server asked to close the first).
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

afterAll(() => agent.destroy());

type Answer = { status: number; body: string; connection: string | undefined };

/** One request through the shared keep-alive agent; rejects on a reset connection. */
function send(method: string, path: string, headers: Record<string, string>, body?: Uint8Array): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.url);
    const outgoing = httpRequest(url, { method, headers, agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }),
      );
    });
    outgoing.on('error', reject);
    // The server may answer before the whole body is sent; a write after that is not an error of the test.
    outgoing.on('socket', (socket) => socket.on('error', () => undefined));
    outgoing.end(body);
  });
}

describe('keep-alive connections after a refused request', () => {
  it('answers the next request after an upload refused for its size (26 MB over the 25 MB limit)', async () => {
    const headers = {
      apikey: server.keys.serviceRoleKey,
      authorization: `Bearer ${server.keys.serviceRoleKey}`,
      'content-type': 'application/pdf',
    };
    const refused = await send(
      'POST',
      `/storage/v1/object/documents/${crypto.randomUUID()}/taxReturns/${crypto.randomUUID()}.pdf`,
      headers,
      largePdf(26 * 1024 * 1024),
    );
    // Storage answers its errors with HTTP 400 and the error's own status in the body, as Supabase does.
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(refused.connection).toBe('close');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const next = await send('GET', '/config.json', {});
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toHaveProperty('anonKey');
    }
  });

  it('answers the next request after a JSON body over the API limit', async () => {
    const refused = await send(
      'POST',
      '/rest/v1/business_registrations',
      { apikey: server.keys.anonKey, 'content-type': 'application/json' },
      new TextEncoder().encode(JSON.stringify({ notes: 'x'.repeat(3 * 1024 * 1024) })),
    );
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe('close');
    const next = await send('GET', '/config.json', {});
    expect(next.status).toBe(200);
  });

  it("keeps Node's fetch working after a refused upload (the next request is not reset)", async () => {
    const upload = await fetch(
      `${server.url}/storage/v1/object/documents/${crypto.randomUUID()}/bankStatements/${crypto.randomUUID()}.pdf`,
      {
        method: 'POST',
        headers: {
          apikey: server.keys.serviceRoleKey,
          authorization: `Bearer ${server.keys.serviceRoleKey}`,
          'content-type': 'application/pdf',
        },
        body: largePdf(26 * 1024 * 1024),
      },
    );
    expect(upload.status).toBe(400);
    expect(await upload.json()).toMatchObject({ statusCode: '413' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const next = await fetch(`${server.url}/config.json`);
      expect(next.status).toBe(200);
      expect(await next.json()).toHaveProperty('anonKey');
    }
  });

  it('keeps an accepted request alive (only a refused, unread body closes the connection)', async () => {
    const first = await send('GET', '/config.json', {});
    expect(first.status).toBe(200);
    expect(first.connection).toBe('keep-alive');
  });
});
