import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createAccount } from '../e2e/pages/portal-session.ts';
import { anonClient, serviceClient, type ServerProcess } from '../support/server-process.ts';

/**
 * What the adversarial suite shares. Requests an attacker writes by hand (a Host header with '@', a path with
 * dot-segments, two Host headers) cannot be made with fetch, which normalises them: rawRequest writes the bytes
 * itself to the server's loopback port.
 */

export type RawResponse = { status: number; headers: Record<string, string[]>; body: string };

/** Sends one HTTP/1.1 request exactly as given (`head` without the final blank line) and reads the answer. */
export function rawRequest(server: { url: string }, head: string[], body = ''): Promise<RawResponse> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(20_000, () => socket.destroy(new Error('no answer within 20 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headText = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = headText.split('\r\n');
      const headers: Record<string, string[]> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        (headers[name] ??= []).push(line.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
    const bodyHeaders = body ? [`Content-Length: ${Buffer.byteLength(body)}`] : [];
    socket.write([...head, ...bodyHeaders, 'Connection: close', '', body].join('\r\n'));
  });
}

/** A confirmed applicant's (or officer's) account, signed in: the client carries its session. */
export async function signedInApplicant(
  server: ServerProcess,
  options: { admin?: boolean } = {},
): Promise<{ id: string; email: string; password: string; client: SupabaseClient }> {
  const email = `applicant-${randomUUID().slice(0, 8)}@security.example`;
  const account = await createAccount(serviceClient(server), server.url, { email, keys: server.keys, ...options });
  const client = anonClient(server);
  const { error } = await client.auth.setSession(account.session);
  if (error) throw new Error(`signing in ${email} failed: ${error.message}`);
  return { id: account.id, email, password: account.password, client };
}
