import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AUTOCONFIRM_WARNING } from '../../server/app.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { recoveryClient } from '../support/auth-helpers.ts';
import { anonClient, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';
import { signedInApplicant } from './support.ts';

/**
 * Session revocation, and what an applicant may set on their own stored files. The reuse interval of refresh
 * tokens is 2 s here, so 'after it' is near.
 */
const reuseSeconds = 2;
const server = serverForThisFile({ env: { AUTH_REFRESH_REUSE_INTERVAL: String(reuseSeconds), AUTOCONFIRM: 'true' } });

async function freshSession() {
  const applicant = await signedInApplicant(server);
  const session = (await applicant.client.auth.getSession()).data.session!;
  return { ...applicant, session };
}

const refresh = (token: string) => anonClient(server).auth.refreshSession({ refresh_token: token });

describe('sessions', () => {
  it('a refresh token replayed after the reuse interval signs the whole session out, the thief and the owner', async () => {
    const { session } = await freshSession();
    const owner = await refresh(session.refresh_token);
    expect(owner.error).toBeNull();
    await sleep(reuseSeconds * 1000 + 500);
    const thief = await refresh(session.refresh_token);
    expect(thief.error).toMatchObject({ code: 'refresh_token_already_used' });
    expect((await refresh(owner.data.session!.refresh_token)).error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('signing out revokes the refresh token; a new password ends every other session', async () => {
    const first = await freshSession();
    expect((await first.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await refresh(first.session.refresh_token)).error).toMatchObject({ status: 400 });

    const second = await freshSession();
    const elsewhere = anonClient(server);
    expect(
      (await elsewhere.auth.signInWithPassword({ email: second.email, password: second.password })).error,
    ).toBeNull();
    const elsewhereToken = (await elsewhere.auth.getSession()).data.session!.refresh_token;
    const resetting = await recoveryClient(server, second.email);
    expect((await resetting.auth.updateUser({ password: `New-${randomUUID()}` })).error).toBeNull();
    expect((await refresh(elsewhereToken)).error).toMatchObject({ status: 400 });
  });

  it('warns at start that AUTOCONFIRM is for development only', () => {
    expect(server.output()).toContain(AUTOCONFIRM_WARNING);
  });
});

describe("an applicant's own stored files", () => {
  it('a Cache-Control with a line break (or anything but max-age=N) is never served back as a header', async () => {
    const applicant = await freshSession();
    for (const cacheControl of [
      '3600\r\nSet-Cookie: x=1',
      'no-store\nX: y',
      'max-age=1, public',
      '-1',
      '9'.repeat(20),
    ]) {
      const name = `${applicant.id}/taxReturns/${randomUUID()}.pdf`;
      const form = new FormData();
      form.append('cacheControl', cacheControl);
      form.append('', new Blob([pdfBytes('cache')], { type: 'application/pdf' }), 'cache.pdf');
      const stored = await fetch(`${server.url}/storage/v1/object/documents/${name}`, {
        method: 'POST',
        headers: { apikey: server.keys.anonKey, authorization: `Bearer ${applicant.session.access_token}` },
        body: form,
      });
      expect(stored.status, cacheControl).toBe(200);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const served = await fetch(`${server.url}/storage/v1/object/authenticated/documents/${name}`, {
          headers: { apikey: server.keys.anonKey, authorization: `Bearer ${applicant.session.access_token}` },
        });
        expect(served.status, cacheControl).toBe(200);
        expect(served.headers.get('cache-control')).toMatch(/^(max-age=\d{1,9}|no-cache)$/);
        expect(served.headers.get('set-cookie')).toBeNull();
      }
    }
  });

  it('signs links to a document for a minute at most, for its applicant and for an officer; the functions may sign longer', async () => {
    const applicant = await freshSession();
    const name = `${applicant.id}/taxReturns/${randomUUID()}.pdf`;
    expect(
      (await applicant.client.storage.from('documents').upload(name, new Blob([pdfBytes('link')]))).error,
    ).toBeNull();
    const officer = await signedInApplicant(server, { admin: true });
    for (const client of [applicant.client, officer.client]) {
      const bucket = client.storage.from('documents');
      expect((await bucket.createSignedUrl(name, 60)).error).toBeNull();
      for (const seconds of [61, 3600, 7 * 24 * 3600]) {
        const signed = await bucket.createSignedUrl(name, seconds);
        expect(signed.error, String(seconds)).toMatchObject({ message: expect.stringContaining('between 1 and 60') });
      }
      expect((await bucket.createSignedUrls([name], 3600)).error).not.toBeNull();
    }
    expect((await serviceClient(server).storage.from('documents').createSignedUrl(name, 3600)).error).toBeNull();
  });
});
