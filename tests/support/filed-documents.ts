import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { pdfBytes } from './sample-files.ts';

/** Where a document is filed beyond its type: for a request, or as the replacement of another document. */
export type Filing = { requestId?: string | null; replaces?: string | null };

/**
 * Stores a small PDF at `storagePath` in the documents bucket as `client` (an applicant in their own folder, or the
 * service role anywhere), for a document row to be filed for it: the database files a signed-in caller's row only
 * for a stored file, and takes the row's size and type from it (take_stored_file_facts). Gives the path.
 */
export async function storeTestFile(client: SupabaseClient, storagePath: string): Promise<string> {
  const stored = await client.storage
    .from('documents')
    .upload(storagePath, Buffer.from(pdfBytes()), { contentType: 'application/pdf' });
  if (stored.error) throw new Error(`The test file could not be uploaded: ${stored.error.message}`);
  return storagePath;
}

/**
 * The applicant uploads a small PDF and files its row for an application, as the portal does. Gives the new row's
 * id, and the insert's answer (its created_at). The row's size and type are the stored file's (the database takes
 * them from storage: take_stored_file_facts).
 */
export async function fileDocument(
  applicant: SupabaseClient,
  owner: { id: string },
  applicationId: string,
  type: string,
  { requestId = null, replaces = null }: Filing = {},
) {
  const id = randomUUID();
  const storagePath = await storeTestFile(applicant, `${owner.id}/${type}/${id}.pdf`);
  const result = await applicant
    .from('documents')
    .insert({
      id,
      user_id: owner.id,
      application_id: applicationId,
      type,
      request_id: requestId,
      replaces_id: replaces,
      file_name: `${type}-${id.slice(0, 6)}.pdf`,
      file_size: 48_213,
      content_type: 'application/pdf',
      storage_path: storagePath,
    })
    .select('id, file_name, created_at')
    .single<{ id: string; file_name: string; created_at: string }>();
  return { id, result };
}
