import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { uploadContentTypes, type UploadExtension } from '../../shared/catalogue/documents.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import type { ApiKeys } from '../../server/keys.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { outputOf, runCli, type CliResult } from '../support/cli-process.ts';
import { largePdf, officeOpenXmlBytes, pdfBytes, pngBytes } from '../support/sample-files.ts';
import {
  anonClient,
  clientWithKey,
  removeDataDir,
  serviceClient,
  startServerProcess,
  temporaryDataDir,
  testDatabaseUrl,
  type ServerProcess,
} from '../support/server-process.ts';

/**
 * Backups: `npm run backup` while the server runs and serves requests (and while it does not),
 * `npm run restore` into a fresh data folder (and, in the Postgres pass, a fresh database), then every table
 * of every schema (read from the catalog) and every file of the data folder compared, byte for byte. Also the
 * refusals: a folder or database that is not empty without --force, and a damaged archive.
 */
const folders: string[] = [];
function dataFolder(name: string): string {
  const folder = temporaryDataDir(`loan-match-backup-${name}-`);
  folders.push(folder);
  return folder;
}
const backups = mkdtempSync(path.join(tmpdir(), 'loan-match-backups-'));
afterAll(async () => {
  for (const folder of folders) await removeDataDir(folder);
  rmSync(backups, { recursive: true, force: true });
});

// One applicant uploads in a loop while a backup runs: the per-account upload rate (its own test is in
// tests/security/upload-limits.test.ts) is off.
const env = { LOG_LEVEL: 'error', RATE_LIMIT_UPLOAD_BURST: '0' };
const source = dataFolder('source');

async function cli(script: 'backup.ts' | 'restore.ts', dataDir: string, ...args: string[]): Promise<CliResult> {
  return runCli(script, args, { dataDir, databaseUrl: await testDatabaseUrl(dataDir) });
}

async function openDatabase(dataDir: string): Promise<Database> {
  const url = await testDatabaseUrl(dataDir);
  return url ? openPostgres(url) : openPglite(dataDir);
}

type Picture = {
  /** Every table and sequence outside the system schemas, by name: its rows as text, sorted. */
  tables: Record<string, string[]>;
  /** Every file of the data folder but the database's own (pgdata) and the server's lock: size and SHA-256. */
  files: Record<string, string>;
};

const tablesAndSequences = `
  select format('%I.%I', n.nspname, c.relname) as name, c.relkind::text as kind
    from pg_class as c join pg_namespace as n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'S') and n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'
   order by 1`;

async function tablesOf(dataDir: string): Promise<Picture['tables']> {
  const db = await openDatabase(dataDir);
  try {
    const tables: Picture['tables'] = {};
    const listed = await db.query<{ name: string; kind: string }>(tablesAndSequences);
    for (const { name, kind } of listed.rows) {
      const sql =
        kind === 'S'
          ? `select last_value::text || ' ' || is_called::text as row from ${name}`
          : `select t::text as row from ${name} as t order by 1`;
      tables[name] = (await db.query<{ row: string }>(sql)).rows.map((row) => row.row);
    }
    return tables;
  } finally {
    await db.close();
  }
}

function filesOf(folder: string, under = ''): Picture['files'] {
  const files: Picture['files'] = {};
  if (!existsSync(path.join(folder, under))) return files;
  for (const entry of readdirSync(path.join(folder, under), { withFileTypes: true })) {
    const relative = path.posix.join(under, entry.name);
    if (['pgdata', 'server.pid', 'storage/.uploads'].includes(relative)) continue;
    if (entry.isDirectory()) Object.assign(files, filesOf(folder, relative));
    else {
      const bytes = readFileSync(path.join(folder, relative));
      files[relative] = `${bytes.length} ${createHash('sha256').update(bytes).digest('hex')}`;
    }
  }
  return files;
}

async function pictureOf(dataDir: string): Promise<Picture> {
  return { tables: await tablesOf(dataDir), files: filesOf(dataDir) };
}

/** Every file under a folder, the database's included: a folder left untouched hashes the same. */
function everyFileOf(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return files;
}

type Applicant = { id: string; email: string; token: string; applicationId: string };
type Upload = { path: string; bytes: Uint8Array<ArrayBuffer> };

async function createApplicant(server: ServerProcess): Promise<Applicant> {
  const email = uniqueEmail('backup-applicant');
  const password = `Pw-${randomUUID()}`;
  const service = serviceClient(server);
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { role: 'applicant' },
  });
  if (created.error) throw new Error(created.error.message);
  const signedIn = await anonClient(server).auth.signInWithPassword({ email, password });
  if (!signedIn.data.session) throw new Error(`sign-in failed: ${signedIn.error?.message}`);
  const application = await service
    .from('applications')
    .insert(qualifiedApplicationRow({ user_id: created.data.user.id, email }))
    .select('id')
    .single();
  if (application.error) throw new Error(application.error.message);
  return {
    id: created.data.user.id,
    email,
    token: signedIn.data.session.access_token,
    applicationId: String(application.data.id),
  };
}

/** Uploads a file as the applicant, then files its documents row, as the portal does. */
async function fileDocument(
  server: ServerProcess,
  applicant: Applicant,
  type: string,
  extension: UploadExtension,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Upload> {
  const contentType = uploadContentTypes[extension];
  const storagePath = `${applicant.id}/${type}/${randomUUID()}.${extension}`;
  const headers = { apikey: server.keys.anonKey, authorization: `Bearer ${applicant.token}` };
  const stored = await fetch(`${server.url}/storage/v1/object/documents/${storagePath}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': contentType },
    body: bytes,
  });
  if (!stored.ok) throw new Error(`upload answered ${stored.status}: ${await stored.text()}`);
  const row = await fetch(`${server.url}/rest/v1/documents`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify({
      user_id: applicant.id,
      application_id: applicant.applicationId,
      type,
      file_name: `${type}.${extension}`,
      file_size: bytes.length,
      content_type: contentType,
      storage_path: storagePath,
    }),
  });
  if (row.status !== 201) throw new Error(`documents row answered ${row.status}: ${await row.text()}`);
  return { path: storagePath, bytes };
}

async function removeDocument(server: ServerProcess, applicant: Applicant, storagePath: string): Promise<void> {
  const applicantClient = clientWithKey(server.url, server.keys.anonKey, { accessToken: async () => applicant.token });
  const deleted = await applicantClient.from('documents').delete().eq('storage_path', storagePath);
  if (deleted.error) throw new Error(deleted.error.message);
  const removed = await applicantClient.storage.from('documents').remove([storagePath]);
  if (removed.error) throw new Error(removed.error.message);
}

/** Accounts, applications, documents with their files, a removed document, a decision with its audit entry, e-mail. */
async function fill(server: ServerProcess): Promise<{ applicant: Applicant; uploads: Upload[] }> {
  const applicant = await createApplicant(server);
  // A visitor who signed up and was sent a confirmation e-mail (the dev mailbox), and three pre-qualifications.
  const signUp = await anonClient(server).auth.signUp({ email: uniqueEmail('backup-visitor'), password: 'Visitor-1' });
  expect(signUp.error).toBeNull();
  const visitors = [1, 2, 3].map(() => qualifiedApplicationRow());
  expect((await anonClient(server).from('applications').insert(visitors)).error).toBeNull();

  const uploads = [
    await fileDocument(server, applicant, 'taxReturns', 'pdf', pdfBytes('Tax returns 2024')),
    await fileDocument(server, applicant, 'bankStatements', 'pdf', largePdf(3 * 1024 * 1024)),
    await fileDocument(server, applicant, 'idDocument', 'png', pngBytes()),
    await fileDocument(server, applicant, 'financialStatements', 'xlsx', officeOpenXmlBytes('xlsx')),
    await fileDocument(server, applicant, 'leaseAgreement', 'docx', officeOpenXmlBytes('docx')),
  ];
  const replaced = await fileDocument(server, applicant, 'businessLicense', 'pdf', pdfBytes('Old license'));
  await removeDocument(server, applicant, replaced.path);

  // The first-run administrator approves the applicant's application (audit_log, the status timeline, e-mail).
  const credentials = readFileSync(path.join(server.dataDir, 'admin-credentials.txt'), 'utf8');
  const [, email, password] = /e-mail:\s+(\S+)\npassword:\s+(\S+)/.exec(credentials)!;
  const officer = anonClient(server);
  expect((await officer.auth.signInWithPassword({ email: email!, password: password! })).error).toBeNull();
  const decided = await officer.rpc('decide_application', {
    application_id: applicant.applicationId,
    decision: 'approved',
    reason: 'Strong cash flow.',
  });
  expect(decided.error).toBeNull();
  return { applicant, uploads };
}

/**
 * Runs `work` while clients keep reading from the server (an applicant's applications and documents, a
 * download, the health check); returns its result and how many of those requests were answered meanwhile.
 */
async function whileServingReads<T>(
  server: ServerProcess,
  applicant: Applicant,
  download: string,
  work: () => Promise<T>,
): Promise<{ result: T; servedDuring: number; failures: string[] }> {
  const headers = { apikey: server.keys.anonKey, authorization: `Bearer ${applicant.token}` };
  const requests = [
    () => fetch(`${server.url}/rest/v1/applications?select=*`, { headers }),
    () => fetch(`${server.url}/rest/v1/documents?select=*`, { headers }),
    () => fetch(`${server.url}/storage/v1/object/authenticated/documents/${download}`, { headers }),
    () => fetch(`${server.url}/health`),
  ];
  const answered: { at: number; status: number }[] = [];
  const failures: string[] = [];
  let running = true;
  const client = async (offset: number) => {
    for (let index = offset; running; index += 1) {
      try {
        const response = await requests[index % requests.length]!();
        await response.arrayBuffer();
        answered.push({ at: Date.now(), status: response.status });
        if (response.status !== 200) failures.push(`${response.url}: ${response.status}`);
      } catch (error) {
        failures.push(String(error));
      }
    }
  };
  const clients = [0, 1, 2, 3].map(client);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = Date.now();
  try {
    const result = await work();
    const ended = Date.now();
    return { result, servedDuring: answered.filter(({ at }) => at >= started && at <= ended).length, failures };
  } finally {
    running = false;
    await Promise.all(clients);
  }
}

/** Starts a server on a restored folder and checks what a caller sees there; stops it. */
async function checkRestoredServer(
  dataDir: string,
  sourceKeys: ApiKeys,
  applicant: Applicant,
  uploads: Upload[],
): Promise<void> {
  const restored = await startServerProcess({ dataDir, env });
  try {
    // Nothing to repair: every stored object has its file, every file its row. No new administrator either.
    expect(restored.output()).not.toContain('Storage check at start');
    expect(restored.output()).not.toContain('password:');
    // The same JWT secret: the source's service key and the applicant's session still work.
    const service = clientWithKey(restored.url, sourceKeys.serviceRoleKey);
    const user = await anonClient(restored).auth.getUser(applicant.token);
    expect(user.error).toBeNull();
    expect(user.data.user?.email).toBe(applicant.email);
    const application = await service.from('applications').select('status').eq('id', applicant.applicationId).single();
    expect(application.data?.status).toBe('approved');
    for (const upload of uploads) {
      const downloaded = await service.storage.from('documents').download(upload.path);
      expect(downloaded.error).toBeNull();
      expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(Buffer.from(upload.bytes))).toBe(true);
    }
  } finally {
    await restored.stop();
  }
}

let archive: string;
let before: Picture;
let filled: { applicant: Applicant; uploads: Upload[] };
let sourceKeys: ApiKeys;

describe('npm run backup and npm run restore', () => {
  it('restores every table and every file of a backup taken while the server serves requests', async () => {
    const server = await startServerProcess({ dataDir: source, env });
    try {
      filled = await fill(server);
      sourceKeys = server.keys;
      // The route a backup of the embedded database goes through: the service role only, from this machine,
      // not through a proxy (a Postgres server's backup is pg_dump's, so it has no such route).
      const embedded = (await testDatabaseUrl(source)) === undefined;
      const askBackup = (key: string, headers: Record<string, string> = {}) =>
        fetch(`${server.url}/_backup`, { method: 'POST', headers: { authorization: `Bearer ${key}`, ...headers } });
      expect((await askBackup(server.keys.anonKey)).status).toBe(embedded ? 401 : 404);
      expect((await askBackup(filled.applicant.token)).status).toBe(embedded ? 401 : 404);
      const proxied = await askBackup(server.keys.serviceRoleKey, { 'x-forwarded-for': '203.0.113.9' });
      expect(proxied.status).toBe(embedded ? 403 : 404);
      if (embedded) {
        // Nothing restores into the folder of a running server, not even with --force.
        const refused = await cli('restore.ts', source, path.join(backups, 'none.tar.gz'), '--force');
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`is running on ${source}. Stop it first`);
      }
      archive = path.join(backups, 'while-serving.tar.gz');
      const { result, servedDuring, failures } = await whileServingReads(
        server,
        filled.applicant,
        filled.uploads[0]!.path,
        () => cli('backup.ts', source, archive),
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Backup written to ${archive}`);
      expect(result.stdout).toContain('5 stored file(s)');
      expect(failures).toEqual([]);
      expect(servedDuring).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    before = await pictureOf(source);
    // What is compared: the platform's schemas and ours, with rows in the tables the filling touched.
    const schemas = new Set(Object.keys(before.tables).map((name) => name.split('.')[0]));
    expect([...schemas]).toEqual(expect.arrayContaining(['public', 'auth', 'storage', '_dev', 'supabase_migrations']));
    for (const table of ['public.applications', 'public.documents', 'public.audit_log', 'public.deleted_rows']) {
      expect(before.tables[table]?.length, table).toBeGreaterThan(0);
    }
    for (const table of ['auth.users', 'auth.sessions', 'storage.objects']) {
      expect(before.tables[table]?.length, table).toBeGreaterThan(0);
    }
    expect(Object.keys(before.files)).toEqual(expect.arrayContaining(['jwt-secret', 'admin-credentials.txt']));
    expect(Object.keys(before.files).filter((name) => name.startsWith('storage/'))).toHaveLength(5);

    const target = dataFolder('restored');
    const restored = await cli('restore.ts', target, archive);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`into ${target}`);
    await checkRestoredServer(target, sourceKeys, filled.applicant, filled.uploads);
    const after = await pictureOf(target);
    expect(after.files).toEqual(before.files);
    expect(Object.keys(after.tables)).toEqual(Object.keys(before.tables));
    for (const table of Object.keys(before.tables)) expect(after.tables[table], table).toEqual(before.tables[table]);
  }, 300_000);

  it('backs up with no server running', async () => {
    const stopped = path.join(backups, 'stopped.tar.gz');
    const result = await cli('backup.ts', source, stopped);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // Into a folder that does not exist yet.
    const target = path.join(dataFolder('restored-from-stopped'), 'data');
    folders.push(target);
    const restored = await cli('restore.ts', target, stopped);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(await pictureOf(target)).toEqual(before);
    // The source was only read.
    expect(await pictureOf(source)).toEqual(before);
  }, 180_000);

  it('refuses a folder or a database that is not empty without --force, and replaces it with --force', async () => {
    const untouched = everyFileOf(source);
    const refused = await cli('restore.ts', source, archive);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Refusing to restore into ${source}: the folder is not empty`);
    expect(refused.stderr).toContain('--force');
    expect(everyFileOf(source)).toEqual(untouched);

    const sourceDatabase = await testDatabaseUrl(source);
    if (sourceDatabase) {
      // An empty folder, but DATABASE_URL names a database that holds data.
      const emptyFolder = dataFolder('empty-folder');
      const refusedDatabase = await runCli('restore.ts', [archive], {
        dataDir: emptyFolder,
        databaseUrl: sourceDatabase,
      });
      expect(refusedDatabase.code).toBe(1);
      expect(refusedDatabase.stderr).toContain('Refusing to restore into the database');
      expect(refusedDatabase.stderr).toContain('it is not empty');
      expect(refusedDatabase.stderr).toContain('--force');
      expect(readdirSync(emptyFolder)).toEqual([]);
      // A Postgres backup goes back into a Postgres database only.
      const withoutDatabase = await runCli('restore.ts', [archive], { dataDir: emptyFolder });
      expect(withoutDatabase.code).toBe(1);
      expect(withoutDatabase.stderr).toContain('holds a Postgres database (pg_dump): set DATABASE_URL');
      expect(readdirSync(emptyFolder)).toEqual([]);
    }

    // A folder in use since its restore: a new application, another file. --force puts the backup back.
    const target = dataFolder('replaced');
    expect((await cli('restore.ts', target, archive)).code).toBe(0);
    const server = await startServerProcess({ dataDir: target, env });
    try {
      expect((await anonClient(server).from('applications').insert(qualifiedApplicationRow())).error).toBeNull();
    } finally {
      await server.stop();
    }
    writeFileSync(path.join(target, 'notes.txt'), 'not part of the backup');
    const replaced = await cli('restore.ts', target, archive, '--force');
    expect(replaced.stderr).toBe('');
    expect(replaced.code).toBe(0);
    expect(await pictureOf(target)).toEqual(before);
  }, 240_000);

  it('refuses a truncated, corrupt or altered archive and leaves the target untouched', async () => {
    const bytes = readFileSync(archive);
    const flipped = Buffer.from(bytes);
    for (let index = bytes.length >> 1; index < (bytes.length >> 1) + 16; index += 1) flipped[index]! ^= 0xff;
    // A well-formed archive whose stored file no longer matches the manifest's checksum.
    const tar = gunzipSync(bytes);
    const fileAt = tar.indexOf(Buffer.from('Tax returns 2024'));
    expect(fileAt).toBeGreaterThan(0);
    tar[fileAt] = 'X'.charCodeAt(0);
    const damaged = [
      { name: 'truncated.tar.gz', bytes: bytes.subarray(0, bytes.length >> 1), says: /ends too early/ },
      // Garbage inside the compressed stream reads as damage, or (when it looks like a longer block) as a cut.
      { name: 'corrupt.tar.gz', bytes: flipped, says: /it is damaged or not a backup|ends too early/ },
      { name: 'altered.tar.gz', bytes: gzipSync(tar), says: /is damaged: \S+ does not match its checksum/ },
      { name: 'not-a-backup.tar.gz', bytes: Buffer.from('hello'), says: /cannot be read as a backup/ },
    ];
    const emptyTarget = dataFolder('untouched');
    const fullTarget = dataFolder('untouched-full');
    expect((await cli('restore.ts', fullTarget, archive)).code).toBe(0);
    const fullFiles = everyFileOf(fullTarget);
    for (const { name, bytes: content, says } of damaged) {
      const file = path.join(backups, name);
      writeFileSync(file, content);
      for (const [target, args] of [
        [emptyTarget, [file]],
        [fullTarget, [file, '--force']],
      ] as const) {
        const result = await cli('restore.ts', target, ...args);
        expect(result.code, `${name} into ${target}`).toBe(1);
        expect(result.stderr).toContain(file);
        expect(result.stderr).toMatch(says);
        expect(result.stderr).toContain('Nothing was changed.');
      }
      expect(readdirSync(emptyTarget)).toEqual([]);
      expect(everyFileOf(fullTarget)).toEqual(fullFiles);
      // Nothing left beside the targets either (the archive is read into a folder next to DATA_DIR).
      expect(readdirSync(path.dirname(emptyTarget)).filter((entry) => entry.includes('.restoring-'))).toEqual([]);
    }
    if (process.env.TEST_DATABASE_URL) expect(await tablesOf(emptyTarget)).toEqual({});
    expect(await pictureOf(fullTarget)).toEqual(before);
  }, 240_000);

  it('gives every row its file when uploads and removals go on during the backup', async () => {
    const busy = dataFolder('busy');
    const file = path.join(backups, 'busy.tar.gz');
    const server = await startServerProcess({ dataDir: busy, env });
    const uploaded = new Map<string, Uint8Array<ArrayBuffer>>();
    const startedAt = { uploads: [] as number[], removals: [] as number[] };
    let result: CliResult;
    try {
      const applicant = await createApplicant(server);
      // Two documents nobody removes.
      for (const [type, extension, bytes] of [
        ['idDocument', 'png', pngBytes()],
        ['leaseAgreement', 'docx', officeOpenXmlBytes('docx')],
      ] as const) {
        const upload = await fileDocument(server, applicant, type, extension, bytes);
        uploaded.set(upload.path, upload.bytes);
      }
      // Enough to copy that the backup takes a moment: files of random bytes, which compress slowly.
      const bulk: string[] = [];
      for (let index = 0; index < 10; index += 1) {
        const bytes = largePdf(2 * 1024 * 1024);
        bytes.set(randomBytes(bytes.length - 200), 200);
        const upload = await fileDocument(server, applicant, 'bankStatements', 'pdf', bytes);
        uploaded.set(upload.path, upload.bytes);
        bulk.push(upload.path);
      }
      let running = true;
      const uploader = async () => {
        for (let index = 0; running; index += 1) {
          startedAt.uploads.push(Date.now());
          const upload = await fileDocument(server, applicant, 'taxReturns', 'pdf', pdfBytes(`During ${index}`));
          uploaded.set(upload.path, upload.bytes);
        }
      };
      // Removes the files the backup is copying, one every quarter of a second, then what was uploaded meanwhile.
      const remover = async () => {
        while (running) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          const next = bulk.shift() ?? [...uploaded.keys()].find((key) => key.includes('/taxReturns/'));
          if (!next || !running) continue;
          startedAt.removals.push(Date.now());
          uploaded.delete(next);
          await removeDocument(server, applicant, next);
        }
      };
      const writers = [uploader(), remover()];
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      try {
        result = await cli('backup.ts', busy, file);
      } finally {
        running = false;
        await Promise.all(writers);
      }
      const ended = Date.now();
      const during = (times: number[]) => times.filter((at) => at >= started && at <= ended).length;
      expect(during(startedAt.uploads)).toBeGreaterThan(0);
      expect(during(startedAt.removals)).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);

    const target = dataFolder('busy-restored');
    expect((await cli('restore.ts', target, file)).code).toBe(0);
    const restored = await startServerProcess({ dataDir: target, env });
    try {
      // Every stored object of the copy has its file and every file its object: nothing to repair.
      expect(restored.output()).not.toContain('Storage check at start');
      const service = serviceClient(restored);
      const documents = await service.from('documents').select('storage_path');
      expect(documents.error).toBeNull();
      expect(documents.data!.length).toBeGreaterThan(0);
      for (const { storage_path: storagePath } of documents.data!) {
        const downloaded = await service.storage.from('documents').download(String(storagePath));
        expect(downloaded.error, String(storagePath)).toBeNull();
        const expected = uploaded.get(String(storagePath));
        // A file removed after the snapshot is in the copy with its row; one still uploaded must match.
        if (expected) {
          expect(Buffer.from(await downloaded.data!.arrayBuffer()).equals(Buffer.from(expected))).toBe(true);
        }
      }
    } finally {
      await restored.stop();
    }
  }, 300_000);
});

/** Runs a CLI script with more environment than runCli sets (JWT_SECRET). */
function cliWithEnv(script: string, args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'cli', script), ...args], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outputOf(child);
}

/** A message an operator reads: one line, no stack trace. */
function expectOneLine(text: string): void {
  expect(text.trim().split('\n'), text).toHaveLength(1);
  expect(text).not.toMatch(/^\s+at /m);
}

/**
 * What backup, restore and db:reset tell an operator who gets something wrong or unusual: a folder that does
 * not exist yet, a target that cannot be written, a DATA_DIR that is a file or holds no database, a database
 * someone else uses, JWT_SECRET in the environment. Each on an installation made by one start of the server.
 */
describe('backup, restore and db:reset: what an operator is told', () => {
  const installed = dataFolder('operated');
  const installedArchive = path.join(backups, 'operated.tar.gz');
  beforeAll(async () => {
    const server = await startServerProcess({ dataDir: installed, env });
    await server.stop();
    const made = await cli('backup.ts', installed, installedArchive);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
  }, 180_000);

  it('writes into a folder named with a trailing separator, creating it, under the name its usage text gives', async () => {
    // As in README's cron line: the folder does not exist before the first night.
    const folder = path.join(backups, 'nightly', 'loan-match');
    const result = await cli('backup.ts', installed, `${folder}/`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(statSync(folder).isDirectory()).toBe(true);
    const written = readdirSync(folder);
    expect(written).toHaveLength(1);
    expect(result.stdout).toContain(`Backup written to ${path.join(folder, written[0]!)} (`);
    // The name the usage text announces is the one written.
    const help = await cli('backup.ts', installed, '--help');
    expect(help.code).toBe(0);
    const announced = /backups\/(loan-match-<date>-<time>\S*\.tar\.gz)/.exec(help.stdout)?.[1];
    expect(announced).toBeDefined();
    const pattern = announced!.replace('<date>', '\\d{8}').replace('<time>', '\\d{6}').replaceAll('.', '\\.');
    expect(written[0]).toMatch(new RegExp(`^${pattern}$`));
    // A file name that does not exist yet stays a file name.
    const named = path.join(backups, 'nightly', 'named');
    expect((await cli('backup.ts', installed, named)).code).toBe(0);
    expect(statSync(named).isFile()).toBe(true);
  }, 120_000);

  it("says which keys are in the archive: the JWT secret only when it is the data folder's", async () => {
    const withFile = await cli('backup.ts', installed, path.join(backups, 'keys-data-folder.tar.gz'));
    expect(withFile.code).toBe(0);
    expect(withFile.stdout).toContain("the JWT secret and the first-run administrator's credentials; checked");
    expect(withFile.stderr).toBe('');

    const fromEnvironment = await cliWithEnv('backup.ts', [path.join(backups, 'keys-environment.tar.gz')], {
      DATA_DIR: installed,
      DATABASE_URL: await testDatabaseUrl(installed),
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
    expect(fromEnvironment.code).toBe(0);
    expect(fromEnvironment.stdout).toContain("stored file(s) and the first-run administrator's credentials; checked");
    expect(fromEnvironment.stdout).not.toContain('JWT secret');
    expect(fromEnvironment.stdout).not.toContain("data folder's keys");
    expect(fromEnvironment.stderr).toContain('The JWT secret comes from JWT_SECRET and is not in the archive');
  }, 120_000);

  it('refuses a target it cannot write in one line, leaving nothing behind', async () => {
    const aFile = path.join(backups, 'a-file');
    writeFileSync(aFile, 'not a folder');
    // /proc takes no new files (Linux); a file stands where the folder should be.
    const targets = existsSync('/proc/self') ? ['/proc/loan-match-backup.tar.gz'] : [];
    targets.push(path.join(aFile, 'backup.tar.gz'), `${aFile}${path.sep}`);
    for (const target of targets) {
      const result = await cli('backup.ts', installed, target);
      expect(result.code, target).toBe(1);
      expectOneLine(result.stderr);
      expect(result.stderr).toMatch(/^Cannot (write the backup|create the folder)/);
      expect(result.stdout).toBe('');
    }
    expect(readFileSync(aFile, 'utf8')).toBe('not a folder');
    expect(readdirSync(backups).filter((name) => name.includes('.partial') || name.startsWith('.'))).toEqual([]);
  }, 120_000);

  it('refuses a DATA_DIR that is a file in one line, changing nothing', async () => {
    const aFile = path.join(backups, 'data-dir-is-a-file');
    writeFileSync(aFile, 'not a folder');
    for (const dataDir of [aFile, path.join(aFile, 'data')]) {
      const restored = await runCli('restore.ts', [installedArchive], { dataDir });
      expect(restored.code, dataDir).toBe(1);
      expectOneLine(restored.stderr);
      expect(restored.stderr).toContain(`DATA_DIR (${dataDir})`);
      expect(restored.stderr).toContain('Nothing was changed.');
      const reset = await runCli('db-reset.ts', ['--yes'], { dataDir });
      expect(reset.code, dataDir).toBe(1);
      expectOneLine(reset.stderr);
      expect(reset.stdout).toBe('');
    }
    expect(readFileSync(aFile, 'utf8')).toBe('not a folder');
    expect(readdirSync(backups).filter((name) => name.includes('.restoring-'))).toEqual([]);
  }, 60_000);

  it('says db:reset has nothing to reset when DATA_DIR holds no database, and touches nothing', async () => {
    const missing = path.join(backups, 'no-such-data-folder');
    const reset = await runCli('db-reset.ts', ['--yes'], { dataDir: missing });
    expect(reset.code).toBe(1);
    expect(reset.stderr.trim()).toBe(`No database in ${missing}: nothing to reset.`);
    expect(reset.stdout).toBe('');
    expect(existsSync(missing)).toBe(false);
    // A folder with a secret and files but no database (a DATA_DIR that is not the server's): left as it is.
    const noDatabase = dataFolder('no-database');
    writeFileSync(path.join(noDatabase, 'jwt-secret'), 'x'.repeat(40));
    writeFileSync(path.join(noDatabase, 'admin-credentials.txt'), 'e-mail: a@example.com\n');
    const before = everyFileOf(noDatabase);
    const resetEmpty = await runCli('db-reset.ts', ['--yes'], { dataDir: noDatabase });
    expect(resetEmpty.code).toBe(1);
    expect(resetEmpty.stderr.trim()).toBe(`No database in ${noDatabase}: nothing to reset.`);
    expect(everyFileOf(noDatabase)).toEqual(before);
  }, 60_000);

  it('prints a usage text for db:reset --help and -h, and for an unknown option', async () => {
    for (const flag of ['--help', '-h']) {
      const help = await runCli('db-reset.ts', [flag], { dataDir: installed });
      expect(help.code, flag).toBe(0);
      expect(help.stderr).toBe('');
      expect(help.stdout).toMatch(/^Usage: npm run db:reset \[-- --yes\]\n/);
    }
    const unknown = await runCli('db-reset.ts', ['--force'], { dataDir: installed });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown option '--force'");
    expect(unknown.stderr).toContain('Usage: npm run db:reset');
    // Nothing was reset meanwhile.
    expect(existsSync(path.join(installed, 'admin-credentials.txt'))).toBe(true);
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'refuses db:reset while someone else is connected to the database (as restore --force does), then resets',
    async () => {
      const target = dataFolder('reset-in-use');
      const databaseUrl = await testDatabaseUrl(target);
      expect((await cli('restore.ts', target, installedArchive)).code).toBe(0);
      const ourSchemas = async (client: pg.Client) =>
        (
          await client.query<{ name: string }>(
            `select nspname as name from pg_namespace where nspname in ('auth', 'storage', 'supabase_migrations') order by 1`,
          )
        ).rows.map((row) => row.name);

      // Someone else's session on the database: a server elsewhere, a psql.
      const other = new pg.Client({ connectionString: databaseUrl });
      await other.connect();
      try {
        const refused = await runCli('db-reset.ts', ['--yes'], { dataDir: target, databaseUrl });
        expect(refused.code).toBe(1);
        expectOneLine(refused.stderr);
        expect(refused.stderr).toMatch(/^1 other connection\(s\) are open on the Postgres database \S+ on \S+: stop/);
        expect(refused.stderr).toContain('Nothing was changed.');
        expect(await ourSchemas(other)).toEqual(['auth', 'storage', 'supabase_migrations']);
        const forced = await runCli('restore.ts', [installedArchive, '--force'], { dataDir: target, databaseUrl });
        expect(forced.code).toBe(1);
        expect(forced.stderr).toMatch(/^1 other connection\(s\) are open on the database/);

        // A server on the folder: refused too, and it keeps answering.
        const server = await startServerProcess({ dataDir: target, env });
        try {
          const refusedServer = await runCli('db-reset.ts', ['--yes'], { dataDir: target, databaseUrl });
          expect(refusedServer.code).toBe(1);
          expect(refusedServer.stderr).toMatch(/is running on|other connection\(s\) are open/);
          const read = await serviceClient(server).from('applications').select('id');
          expect(read.error).toBeNull();
        } finally {
          await server.stop();
        }
        expect(await ourSchemas(other)).toEqual(['auth', 'storage', 'supabase_migrations']);
      } finally {
        await other.end();
      }

      // Once they are gone (the server just stopped, the session just closed), the reset goes ahead.
      const reset = await runCli('db-reset.ts', ['--yes'], { dataDir: target, databaseUrl });
      expect(reset.stderr).toBe('');
      expect(reset.code).toBe(0);
      const after = new pg.Client({ connectionString: databaseUrl });
      await after.connect();
      try {
        expect(await ourSchemas(after)).toEqual([]);
      } finally {
        await after.end();
      }
    },
    180_000,
  );
});
