import { randomUUID } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { pdfBytes } from '../support/sample-files.ts';
import {
  clientWithKey,
  removeDataDir,
  serviceClient,
  startServerProcess,
  temporaryDataDir,
  testDatabaseUrl,
  type ServerProcess,
} from '../support/server-process.ts';

/**
 * Crashes: the server is killed with SIGKILL while submissions and portal uploads (file, then its
 * documents row) are under way; restarted on the same data, every acknowledged write is there, and the
 * start-up storage check leaves no stored file without its rows and no row without its file. Both databases.
 */
const dataDir = temporaryDataDir();
afterAll(() => removeDataDir(dataDir));
// Uploads nobody filed are removed at once here (600 s in production: a portal may still be filing one). The
// submissions under way all come from 127.0.0.1, which the per-IP limit on visitors' submissions would refuse
// after five (it has its own test): off, as is the per-account upload rate (one applicant uploads in a loop).
const env = {
  STORAGE_SWEEP_GRACE: '0',
  LOG_LEVEL: 'error',
  RATE_LIMIT_SUBMISSIONS_PER_5_MIN: '0',
  RATE_LIMIT_UPLOAD_BURST: '0',
};

async function applicantSession(server: ServerProcess) {
  const email = `crash-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Pw-${randomUUID()}`;
  const created = await serviceClient(server).auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw new Error(created.error.message);
  const signedIn = await clientWithKey(server.url, server.keys.anonKey).auth.signInWithPassword({ email, password });
  if (!signedIn.data.session) throw new Error('sign-in failed');
  const { data, error } = await serviceClient(server)
    .from('applications')
    .insert(qualifiedApplicationRow({ user_id: created.data.user.id, email }))
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return { id: created.data.user.id, token: signedIn.data.session.access_token, applicationId: String(data.id) };
}

async function openDirectly(): Promise<Database> {
  const url = await testDatabaseUrl(dataDir);
  return url ? openPostgres(url) : openPglite(dataDir);
}

describe('a crash under load', () => {
  it('loses no acknowledged write, and leaves no file without its rows or row without its file', async () => {
    let server = await startServerProcess({ dataDir, env });
    const applicant = await applicantSession(server);
    const { url, keys } = server;
    const tag = `Crash ${randomUUID().slice(0, 8)}`;
    const submitted: string[] = [];
    const filed: string[] = [];
    let running = true;

    const submit = async () => {
      for (let index = 0; running && index < 10_000; index += 1) {
        const email = `crash-load-${randomUUID()}@example.com`;
        try {
          const response = await fetch(`${url}/rest/v1/applications`, {
            method: 'POST',
            headers: { apikey: keys.anonKey, 'content-type': 'application/json', prefer: 'return=minimal' },
            body: JSON.stringify(qualifiedApplicationRow({ email, business_name: tag })),
          });
          if (response.status === 201) submitted.push(email);
        } catch {
          return;
        }
      }
    };
    const upload = async () => {
      const headers = { apikey: keys.anonKey, authorization: `Bearer ${applicant.token}` };
      for (let index = 0; running && index < 10_000; index += 1) {
        const storagePath = `${applicant.id}/taxReturns/${randomUUID()}.pdf`;
        const bytes = pdfBytes(`Crash test return ${index}`);
        try {
          const stored = await fetch(`${url}/storage/v1/object/documents/${storagePath}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/pdf' },
            body: bytes,
          });
          if (!stored.ok) continue;
          const row = await fetch(`${url}/rest/v1/documents`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
            body: JSON.stringify({
              user_id: applicant.id,
              application_id: applicant.applicationId,
              type: 'taxReturns',
              file_name: `return-${index}.pdf`,
              file_size: bytes.length,
              content_type: 'application/pdf',
              storage_path: storagePath,
            }),
          });
          if (row.status === 201) filed.push(storagePath);
        } catch {
          return;
        }
      }
    };
    const workers = [...Array.from({ length: 16 }, submit), ...Array.from({ length: 4 }, upload)];
    const started = Date.now();
    while ((submitted.length < 300 || filed.length < 10) && Date.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await server.stop('SIGKILL');
    running = false;
    await Promise.all(workers);
    expect(submitted.length).toBeGreaterThanOrEqual(300);
    expect(filed.length).toBeGreaterThanOrEqual(10);

    server = await startServerProcess({ dataDir, env });
    try {
      const service = serviceClient(server);
      const stored = new Set<string>();
      for (let from = 0; ; from += 1000) {
        const { data } = await service
          .from('applications')
          .select('email')
          .eq('business_name', tag)
          .order('id')
          .range(from, from + 999);
        for (const row of data ?? []) stored.add(String(row.email));
        if ((data ?? []).length < 1000) break;
      }
      expect(submitted.filter((email) => !stored.has(email))).toEqual([]);
      const documents = await service.from('documents').select('storage_path').eq('user_id', applicant.id);
      const filedNow = new Set((documents.data ?? []).map((row) => String(row.storage_path)));
      expect(filed.filter((storagePath) => !filedNow.has(storagePath))).toEqual([]);
      // Every filed document downloads.
      const sample = await service.storage.from('documents').download(filed[0]!);
      expect(sample.error).toBeNull();
    } finally {
      await server.stop();
    }

    // Read the data as it is at rest: rows and files agree.
    const db = await openDirectly();
    try {
      const objects = await db.query<{ id: string; name: string }>(
        `select id::text, name from storage.objects where bucket_id = 'documents'`,
      );
      const rows = await db.query<{ storage_path: string }>('select storage_path from public.documents');
      const files = new Set(readdirSync(path.join(dataDir, 'storage', 'documents')));
      const rowPaths = new Set(rows.rows.map((row) => row.storage_path));
      const objectNames = new Set(objects.rows.map((row) => row.name));
      expect(objects.rows.filter((object) => !files.has(object.id))).toEqual([]);
      expect([...files].filter((file) => !objects.rows.some((object) => object.id === file))).toEqual([]);
      expect(objects.rows.filter((object) => !rowPaths.has(object.name)).map((object) => object.name)).toEqual([]);
      expect(rows.rows.filter((row) => !objectNames.has(row.storage_path))).toEqual([]);
      expect(readdirSync(path.join(dataDir, 'storage', '.uploads'))).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('repairs at start what an interrupted upload or delete left, and says so', async () => {
    let server = await startServerProcess({ dataDir, env });
    const applicant = await applicantSession(server);
    const headers = { apikey: server.keys.anonKey, authorization: `Bearer ${applicant.token}` };
    const upload = async (storagePath: string) => {
      const response = await fetch(`${server.url}/storage/v1/object/documents/${storagePath}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/pdf' },
        body: pdfBytes(),
      });
      expect(response.ok).toBe(true);
    };
    const filedPath = `${applicant.id}/taxReturns/${randomUUID()}.pdf`;
    await upload(filedPath);
    const row = { user_id: applicant.id, type: 'taxReturns', file_size: 100, content_type: 'application/pdf' };
    const filedRow = await serviceClient(server)
      .from('documents')
      .insert({ ...row, file_name: 'filed.pdf', storage_path: filedPath });
    expect(filedRow.error).toBeNull();
    // An upload whose documents row was never written (the portal was closed, or the server died between).
    await upload(`${applicant.id}/taxReturns/${randomUUID()}.pdf`);
    await server.stop();

    // What a crash can leave: a half-received upload, a file without its row, a row whose file is gone.
    writeFileSync(path.join(dataDir, 'storage', '.uploads', randomUUID()), 'partial');
    writeFileSync(path.join(dataDir, 'storage', 'documents', randomUUID()), 'orphan');
    const db = await openDirectly();
    try {
      await db.query(
        `insert into public.documents (user_id, type, file_name, file_size, content_type, storage_path)
         values ($1, 'taxReturns', 'gone.pdf', 100, 'application/pdf', $2)`,
        [applicant.id, `${applicant.id}/taxReturns/${randomUUID()}.pdf`],
      );
    } finally {
      await db.close();
    }

    server = await startServerProcess({ dataDir, env });
    try {
      expect(server.output()).toContain(
        'Storage check at start: 1 half-received upload(s) removed; 1 stored file(s) without a row removed; ' +
          '1 uploaded document(s) never filed removed; 1 document row(s) without a file removed.',
      );
      const documents = await serviceClient(server).from('documents').select('file_name').eq('user_id', applicant.id);
      expect(documents.data).toEqual([{ file_name: 'filed.pdf' }]);
      expect((await serviceClient(server).storage.from('documents').download(filedPath)).error).toBeNull();
    } finally {
      await server.stop();
    }
  }, 60_000);
});
