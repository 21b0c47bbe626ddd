import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';
import { largePdf, officeOpenXmlBytes, pdfBytes, pngBytes } from '../support/sample-files.ts';

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
    expect(disguised.error?.message).toBe(
      "The file's content does not match its .pdf extension. Please upload the original file, with the extension of its real type.",
    );
    const executable = await bucket(applicantA).upload(pathFor(applicantA, 'taxReturns', 'exe'), pdf());
    expect((executable.error as { statusCode?: string }).statusCode).toBe('415');
    // An extension named like a property every object has is just as unknown.
    for (const extension of ['constructor', 'toString', '__proto__']) {
      const upload = await bucket(applicantA).upload(pathFor(applicantA, 'taxReturns', extension), pdf());
      expect((upload.error as { statusCode?: string } | null)?.statusCode, extension).toBe('415');
    }
  });

  it('refuses HTML, whatever it is called and whatever type the client claims', async () => {
    const html = new Blob(['<!doctype html><script>alert(document.cookie)</script>'], { type: 'text/html' });
    for (const extension of ['html', 'htm', 'svg', 'pdf', 'doc', 'docx']) {
      const upload = await bucket(applicantA).upload(pathFor(applicantA, 'taxReturns', extension), html, {
        contentType: 'text/html',
      });
      expect((upload.error as { statusCode?: string } | null)?.statusCode, extension).toBe('415');
    }
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

describe('how stored files are served', () => {
  type Served = {
    status: number;
    type: string | null;
    disposition: string | null;
    nosniff: string | null;
    body: string;
  };

  async function served(url: string, headers: Record<string, string> = {}): Promise<Served> {
    const response = await fetch(url, { headers });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      nosniff: response.headers.get('x-content-type-options'),
      body: Buffer.from(await response.arrayBuffer()).toString('latin1'),
    };
  }

  /** GET /storage/v1/object/authenticated/documents/<name> as the applicant, as the portal's download does. */
  const authenticatedUrl = (name: string, query = '') =>
    `${backend.server.url}/storage/v1/object/authenticated/documents/${name}${query}`;
  const asApplicantA = () => ({ apikey: backend.server.keys.anonKey, authorization: `Bearer ${applicantA.token}` });
  const fileName = (name: string) => name.slice(name.lastIndexOf('/') + 1);

  it('serves a document with its checked type and Content-Disposition, never the type the client claimed', async () => {
    const name = pathFor(applicantA, 'taxReturns');
    // The client says text/html; the upload check types the file by its extension and content.
    const upload = await bucket(applicantA).upload(name, new Blob([pdfBytes('typed')]), { contentType: 'text/html' });
    expect(upload.error).toBeNull();

    const direct = await served(authenticatedUrl(name), asApplicantA());
    expect(direct).toMatchObject({
      status: 200,
      type: 'application/pdf',
      disposition: `inline; filename*=UTF-8''${fileName(name)}`,
      nosniff: 'nosniff',
    });
    expect(direct.body).toContain('typed');
    const download = await served(authenticatedUrl(name, '?download=Tax%20return%202024.pdf'), asApplicantA());
    expect(download.disposition).toBe(`attachment; filename*=UTF-8''Tax%20return%202024.pdf`);

    const signed = await bucket(applicantA).createSignedUrl(name, 60);
    expect(await served(signed.data!.signedUrl)).toMatchObject({
      status: 200,
      type: 'application/pdf',
      disposition: `inline; filename*=UTF-8''${fileName(name)}`,
      nosniff: 'nosniff',
    });
    const signedDownload = await bucket(applicantA).createSignedUrl(name, 60, { download: 'return.pdf' });
    expect((await served(signedDownload.data!.signedUrl)).disposition).toBe(`attachment; filename*=UTF-8''return.pdf`);
  });

  it('serves an Office file as an attachment', async () => {
    const name = pathFor(applicantA, 'financialStatements', 'xlsx');
    expect((await bucket(applicantA).upload(name, new Blob([officeOpenXmlBytes('xlsx')]))).error).toBeNull();
    expect(await served(authenticatedUrl(name), asApplicantA())).toMatchObject({
      status: 200,
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      disposition: `attachment; filename*=UTF-8''${fileName(name)}`,
      nosniff: 'nosniff',
    });
  });

  it('serves a file stored as HTML (restored from elsewhere, typed by hand) as an octet-stream attachment', async () => {
    const page = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
    const stored: { name: string; type: string }[] = [
      { name: pathFor(applicantA, 'taxReturns', 'html'), type: 'text/html' },
      { name: pathFor(applicantA, 'taxReturns', 'pdf'), type: 'text/html; charset=utf-8' },
      { name: pathFor(applicantA, 'taxReturns', 'svg'), type: 'image/svg+xml' },
    ];
    for (const { name, type } of stored) {
      // Stored the only way an HTML file can be: around the upload check, straight into the database and disk.
      const uploaded = await bucket(applicantA).upload(pathFor(applicantA), pdf());
      expect(uploaded.error).toBeNull();
      const { rows } = await backend.db.query<{ id: string }>(
        `update storage.objects set name = $2, metadata = metadata || jsonb_build_object('mimetype', $3::text)
          where bucket_id = 'documents' and name = $1 returning id`,
        [uploaded.data!.path, name, type],
      );
      writeFileSync(path.join(backend.dataDir, 'storage', 'documents', rows[0]!.id), page);

      const expected = {
        status: 200,
        type: 'application/octet-stream',
        disposition: `attachment; filename*=UTF-8''${fileName(name)}`,
        nosniff: 'nosniff',
        body: page,
      };
      expect(await served(authenticatedUrl(name), asApplicantA()), name).toEqual(expected);
      const signed = await bucket(applicantA).createSignedUrl(name, 60);
      expect(signed.error).toBeNull();
      expect(await served(signed.data!.signedUrl), name).toEqual(expected);
      // supabase-js's download reads the same route.
      const download = await bucket(applicantA).download(name);
      expect(download.data?.type).toBe('application/octet-stream');
    }
  });
});
