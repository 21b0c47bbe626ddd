import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database.ts';

export type SweepReport = {
  /** Half-received uploads left in the temporary folder. */
  temporaryFiles: number;
  /** Stored files no storage.objects row names (a crash between the file and its row, or after a delete). */
  unreferencedFiles: number;
  /** storage.objects rows whose file is missing (reported; their downloads answer 404). */
  objectsWithoutFile: string[];
  /** Uploaded documents whose documents row was never written (the portal writes it after the upload). */
  documentsWithoutRow: number;
  /** documents rows whose stored file is gone: removed, so the portal never offers a dead link. */
  rowsWithoutDocument: number;
};

const objectIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function listFolders(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

function listFiles(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * Removes the storage rows of uploaded documents that no documents row files, older than `graceSeconds` (the
 * portal files a document right after its upload), and returns their ids: the caller removes their files. Run at
 * start and then every STORAGE_SWEEP_INTERVAL seconds while the server runs, so files uploaded and never filed
 * (a script storing files it never files, a browser closed between the upload and its row) do not pile up.
 */
export async function removeUnfiledDocuments(db: Database, graceSeconds: number): Promise<string[]> {
  const unfiled = await db.query<{ id: string }>(
    `delete from storage.objects as o
      where o.bucket_id = 'documents'
        and o.created_at < now() - make_interval(secs => $1)
        and not exists (select 1 from public.documents as d where d.storage_path = o.name)
      returning o.id::text`,
    [graceSeconds],
  );
  return unfiled.rows.map((row) => row.id);
}

/**
 * Run at start, before the server accepts requests: repairs what an upload or delete interrupted by a crash can leave
 * (docs/architecture.md, Documents bucket). Uploads write the file before its row commits, and the portal writes the
 * documents row after the upload, so a crash leaves at worst a file without a row, or an uploaded document without its
 * documents row older than `graceSeconds`; both are removed. What cannot be repaired is reported.
 */
export async function sweepStorage(db: Database, storageRoot: string, graceSeconds: number): Promise<SweepReport> {
  const report: SweepReport = {
    temporaryFiles: 0,
    unreferencedFiles: 0,
    objectsWithoutFile: [],
    documentsWithoutRow: 0,
    rowsWithoutDocument: 0,
  };
  for (const name of listFiles(path.join(storageRoot, '.uploads'))) {
    rmSync(path.join(storageRoot, '.uploads', name), { force: true });
    report.temporaryFiles += 1;
  }

  // Uploaded documents nobody filed: their storage row and their file go.
  const unfiled = await removeUnfiledDocuments(db, graceSeconds);
  for (const id of unfiled) rmSync(path.join(storageRoot, 'documents', id), { force: true });
  report.documentsWithoutRow = unfiled.length;

  const objects = await db.query<{ id: string; bucket_id: string; name: string }>(
    'select id::text, bucket_id, name from storage.objects',
  );
  const known = new Set(objects.rows.map((row) => `${row.bucket_id}/${row.id}`));
  const present = new Set<string>();
  for (const bucket of listFolders(storageRoot).filter((name) => !name.startsWith('.'))) {
    for (const file of listFiles(path.join(storageRoot, bucket))) {
      if (!objectIdPattern.test(file)) continue;
      if (known.has(`${bucket}/${file}`)) present.add(`${bucket}/${file}`);
      else {
        rmSync(path.join(storageRoot, bucket, file), { force: true });
        report.unreferencedFiles += 1;
      }
    }
  }
  report.objectsWithoutFile = objects.rows
    .filter((row) => !present.has(`${row.bucket_id}/${row.id}`))
    .map((row) => `${row.bucket_id}/${row.name}`);

  const dangling = await db.query<{ id: string }>(
    `delete from public.documents as d
      where not exists (select 1 from storage.objects as o where o.bucket_id = 'documents' and o.name = d.storage_path)
      returning d.id::text`,
  );
  report.rowsWithoutDocument = dangling.rows.length;
  return report;
}

/** One line for the start-up log, or null when there was nothing to repair. */
export function sweepSummary(report: SweepReport): string | null {
  const parts = [
    report.temporaryFiles && `${report.temporaryFiles} half-received upload(s) removed`,
    report.unreferencedFiles && `${report.unreferencedFiles} stored file(s) without a row removed`,
    report.documentsWithoutRow && `${report.documentsWithoutRow} uploaded document(s) never filed removed`,
    report.rowsWithoutDocument && `${report.rowsWithoutDocument} document row(s) without a file removed`,
    report.objectsWithoutFile.length > 0 &&
      `${report.objectsWithoutFile.length} stored object(s) missing their file: ${report.objectsWithoutFile.slice(0, 5).join(', ')}`,
  ].filter(Boolean);
  return parts.length > 0 ? `Storage check at start: ${parts.join('; ')}.` : null;
}
