import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';

/** Where a document is filed beyond its type: for a request, or as the replacement of another document. */
export type Filing = { requestId?: string | null; replaces?: string | null };

/**
 * The applicant files a document row for an application, as the portal does after its upload (the file itself is
 * not needed for the database's rules). Gives the new row's id, and the insert's answer (its created_at).
 */
export async function fileDocument(
  applicant: SupabaseClient,
  owner: { id: string },
  applicationId: string,
  type: string,
  { requestId = null, replaces = null }: Filing = {},
) {
  const id = randomUUID();
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
      storage_path: `${owner.id}/${type}/${id}.pdf`,
    })
    .select('id, file_name, created_at')
    .single<{ id: string; file_name: string; created_at: string }>();
  return { id, result };
}
