import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';
import { largePdf, pdfBytes, pngBytes } from '../support/sample-files.ts';

let backend: TestBackend;
let applicantA: TestUser;
let applicantB: TestUser;
let admin: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  applicantA = await backend.createUser();
  applicantB = await backend.createUser();
  admin = await backend.createUser({ appRole: 'admin' });
});

afterAll(async () => {
  await backend?.close();
});

const bucket = (caller: TestUser | 'anon') => backend.client(caller).storage.from('documents');
const pathFor = (user: TestUser, type = 'taxReturns', extension = 'pdf') =>
  `${user.id}/${type}/${randomUUID()}.${extension}`;
const pdf = (text?: string) => new Blob([pdfBytes(text)], { type: 'application/pdf' });

async function bytesOf(blob: Blob | null): Promise<string> {
  return Buffer.from(await blob!.arrayBuffer()).toString('latin1');
}

describe('documents bucket through supabase-js', () => {
  it('lets an applicant upload, list, download and remove a document in their own folder', async () => {
    const path = pathFor(applicantA);
    const upload = await bucket(applicantA).upload(path, pdf('own file'));
    expect(upload.error).toBeNull();
    expect(upload.data?.fullPath).toBe(`documents/${path}`);

    const listed = await bucket(applicantA).list(`${applicantA.id}/taxReturns`);
    expect(listed.data?.map((item) => item.name)).toContain(path.split('/')[2]);
    expect(listed.data?.find((item) => path.endsWith(item.name))?.metadata).toMatchObject({
      mimetype: 'application/pdf',
      size: pdfBytes('own file').length,
    });

    const download = await bucket(applicantA).download(path);
    expect(download.error).toBeNull();
    expect(await bytesOf(download.data)).toContain('own file');

    const removed = await bucket(applicantA).remove([path]);
    expect(removed.data?.map((item) => item.name)).toEqual([path]);
    const gone = await bucket(applicantA).download(path);
    expect(gone.data).toBeNull();
  });

  it('gives short-lived signed URLs that work without a session and only for that object', async () => {
    const path = pathFor(applicantA, 'bankStatements');
    await bucket(applicantA).upload(path, pdf('signed'));
    const signed = await bucket(applicantA).createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const response = await fetch(signed.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(await response.text()).toContain('signed');

    const otherPath = pathFor(applicantA, 'bankStatements');
    await bucket(applicantA).upload(otherPath, pdf('other'));
    const stolen = signed.data!.signedUrl.replace(path.split('/')[2]!, otherPath.split('/')[2]!);
    expect((await fetch(stolen)).status).toBe(400);
    const tampered = signed.data!.signedUrl.replace(/token=([^.]+)\.([^.]+)\./, 'token=$1.e30.');
    expect((await fetch(tampered)).status).toBe(400);
  });

  it('keeps applicants out of each other folders', async () => {
    const path = pathFor(applicantA, 'idDocument', 'png');
    expect((await bucket(applicantA).upload(path, new Blob([pngBytes()]))).error).toBeNull();

    expect((await bucket(applicantB).download(path)).data).toBeNull();
    expect((await bucket(applicantB).createSignedUrl(path, 60)).error?.message).toBe('Object not found');
    expect((await bucket(applicantB).list(`${applicantA.id}/idDocument`)).data).toEqual([]);
    const intrusion = await bucket(applicantB).upload(pathFor(applicantA), pdf());
    expect(intrusion.error).not.toBeNull();
    expect((intrusion.error as { statusCode?: string }).statusCode).toBe('403');
    const removal = await bucket(applicantB).remove([path]);
    expect(removal.data).toEqual([]);
    expect((await bucket(applicantA).download(path)).error).toBeNull();
  });

  it('lets admins read every document but not write into a client folder', async () => {
    const path = pathFor(applicantB, 'businessLicense');
    await bucket(applicantB).upload(path, pdf('license'));
    expect(await bytesOf((await bucket(admin).download(path)).data)).toContain('license');
    expect((await bucket(admin).createSignedUrl(path, 60)).error).toBeNull();
    expect((await bucket(admin).upload(pathFor(applicantB), pdf())).error).not.toBeNull();
  });

  it('refuses visitors', async () => {
    const upload = await bucket('anon').upload(pathFor(applicantA), pdf());
    expect((upload.error as { statusCode?: string }).statusCode).toBe('403');
  });

  it('replaces a file only when asked to (upsert), and only for whom the policies allow an update', async () => {
    const path = pathFor(applicantA, 'financialStatements');
    await bucket(applicantA).upload(path, pdf('first'));
    const duplicate = await bucket(applicantA).upload(path, pdf('second'));
    expect((duplicate.error as { statusCode?: string }).statusCode).toBe('409');
    // Applicants have no update policy: replacing is refused and the original stays intact.
    const replaced = await bucket(applicantA).upload(path, pdf('second'), { upsert: true });
    expect((replaced.error as { statusCode?: string }).statusCode).toBe('403');
    expect(await bytesOf((await bucket(applicantA).download(path)).data)).toContain('first');
    // The service role bypasses RLS and may replace it.
    const service = backend.client('service_role').storage.from('documents');
    expect((await service.upload(path, pdf('third'), { upsert: true })).error).toBeNull();
    expect(await bytesOf((await bucket(applicantA).download(path)).data)).toContain('third');
  });

  it('refuses files over the 25 MB limit', async () => {
    const upload = await bucket(applicantA).upload(pathFor(applicantA), new Blob([largePdf(25 * 1024 * 1024 + 1)]));
    expect((upload.error as { statusCode?: string }).statusCode).toBe('413');
    expect(upload.error?.message).toContain('25 MB');
  });

  it('refuses a disguised file and a type the portal does not accept', async () => {
    const disguised = await bucket(applicantA).upload(pathFor(applicantA), new Blob([pngBytes()]));
    expect((disguised.error as { statusCode?: string }).statusCode).toBe('415');
    expect(disguised.error?.message).toBe("The file's content does not match its .pdf extension");
    const executable = await bucket(applicantA).upload(pathFor(applicantA, 'taxReturns', 'exe'), pdf());
    expect((executable.error as { statusCode?: string }).statusCode).toBe('415');
  });

  it('refuses names that try to leave the folder structure', async () => {
    for (const name of [
      `${applicantA.id}/../x.pdf`,
      `${applicantA.id}/taxReturns/./x.pdf`,
      `${applicantA.id}//x.pdf`,
    ]) {
      const upload = await bucket(applicantA).upload(name, pdf());
      expect(upload.error, name).not.toBeNull();
    }
  });
});
