import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { largePdf, pdfBytes } from '../support/sample-files.ts';
import { serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';
import { signedInApplicant } from './support.ts';

/**
 * Per-account storage quota and upload rate (README, Configuration). Small values here so they are reached
 * quickly: a quota of 1 MB, 6 uploads at once refilled at 1 an hour.
 */
const server = serverForThisFile({
  env: { STORAGE_QUOTA_PER_ACCOUNT_MB: '1', RATE_LIMIT_UPLOAD_BURST: '6', RATE_LIMIT_UPLOADS_PER_HOUR: '1' },
});

const KB = 1024;
const documents = (client: Awaited<ReturnType<typeof signedInApplicant>>['client']) => client.storage.from('documents');
const pathFor = (owner: string) => `${owner}/taxReturns/${randomUUID()}.pdf`;

describe('one applicant account', () => {
  it('stores files up to its quota, refuses the one that would pass it, and takes more once a file is deleted', async () => {
    const applicant = await signedInApplicant(server);
    const first = pathFor(applicant.id);
    expect((await documents(applicant.client).upload(first, new Blob([largePdf(400 * KB)]))).error).toBeNull();
    expect(
      (await documents(applicant.client).upload(pathFor(applicant.id), new Blob([largePdf(400 * KB)]))).error,
    ).toBeNull();
    const over = await documents(applicant.client).upload(pathFor(applicant.id), new Blob([largePdf(400 * KB)]));
    expect(over.error).toMatchObject({ message: expect.stringContaining('at most 1 MB') });
    // Nothing of the refused file was kept.
    const listed = await documents(applicant.client).list(`${applicant.id}/taxReturns`);
    expect(listed.data).toHaveLength(2);

    expect((await documents(applicant.client).remove([first])).error).toBeNull();
    expect(
      (await documents(applicant.client).upload(pathFor(applicant.id), new Blob([largePdf(400 * KB)]))).error,
    ).toBeNull();
  });

  it('stores no more than its quota when uploads arrive at once: each is checked after the ones before it', async () => {
    const applicant = await signedInApplicant(server);
    const uploads = await Promise.all(
      [0, 1, 2, 3].map(() => documents(applicant.client).upload(pathFor(applicant.id), new Blob([largePdf(400 * KB)]))),
    );
    const refused = uploads.filter((upload) => upload.error);
    expect(refused).toHaveLength(2);
    for (const upload of refused)
      expect(upload.error).toMatchObject({ message: expect.stringContaining('at most 1 MB') });
    const listed = await documents(applicant.client).list(`${applicant.id}/taxReturns`);
    expect(listed.data).toHaveLength(2);
  });

  it('uploads at most its burst at once, then is told to wait (429, Retry-After), whether or not the uploads succeed', async () => {
    const applicant = await signedInApplicant(server);
    for (let index = 0; index < 6; index += 1) {
      const stored = await documents(applicant.client).upload(
        pathFor(applicant.id),
        new Blob([pdfBytes(`file ${index}`)]),
      );
      expect(stored.error, `upload ${index + 1}`).toBeNull();
    }
    const refused = await documents(applicant.client).upload(
      pathFor(applicant.id),
      new Blob([pdfBytes('one too many')]),
    );
    expect(refused.error).toMatchObject({ message: expect.stringContaining('Too many uploads') });

    const session = (await applicant.client.auth.getSession()).data.session!;
    const raw = await fetch(`${server.url}/storage/v1/object/documents/${pathFor(applicant.id)}`, {
      method: 'POST',
      headers: {
        apikey: server.keys.anonKey,
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/pdf',
      },
      body: pdfBytes('raw'),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another applicant has a budget of their own.
    const other = await signedInApplicant(server);
    expect((await documents(other.client).upload(pathFor(other.id), new Blob([pdfBytes('other')]))).error).toBeNull();
  });

  it('does not limit officers or the service role', async () => {
    const applicant = await signedInApplicant(server);
    const service = serviceClient(server).storage.from('documents');
    for (let index = 0; index < 8; index += 1) {
      const stored = await service.upload(pathFor(applicant.id), new Blob([largePdf(300 * KB)]));
      expect(stored.error, `service upload ${index + 1}`).toBeNull();
    }
  });
});
