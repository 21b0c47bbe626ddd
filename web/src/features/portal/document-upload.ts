import {
  acceptedUploadExtension,
  documentStoragePath,
  DOCUMENTS_BUCKET,
  MAX_FILE_NAME_LENGTH,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_LABEL,
  uploadContentTypes,
  type DocumentType,
} from '../../../../shared/catalogue/documents.ts';
import {
  uploadErrorMessage,
  uploadNameTooLongMessage,
  uploadTooLargeMessage,
  uploadTypeRefusedMessage,
} from '../../../../shared/messages/portal-admin.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { loadRuntimeConfig } from '../../lib/runtime-config.ts';

/** Why the portal refuses a file before sending any byte of it, or null when it may be sent. */
export function refuseBeforeUpload(file: { name: string; size: number }): string | null {
  if (!acceptedUploadExtension(file.name)) return uploadTypeRefusedMessage(file.name);
  // A documents row refuses a longer name (never cuts it): say so in words before the upload.
  if ([...file.name].length > MAX_FILE_NAME_LENGTH) return uploadNameTooLongMessage(file.name, MAX_FILE_NAME_LENGTH);
  if (file.size > MAX_UPLOAD_BYTES) return uploadTooLargeMessage(file.name, MAX_UPLOAD_LABEL);
  return null;
}

/** What a document is filed as: one of the six required types, or an officer's request (of an application). */
export type DocumentFiling = { type: DocumentType; requestId: null } | { type: 'requested'; requestId: string };

/**
 * Where an uploaded document goes; `replacesId` names the document it replaces, one of the same item that an
 * officer said needs replacement (the server checks it, and the request).
 */
type UploadTarget = { userId: string; applicationId: string | null; replacesId: string | null } & DocumentFiling;

/**
 * Whether the server refused an upload's documents row (the file itself was taken): a request cancelled or a
 * document reviewed again or replaced meanwhile, in words for the applicant. What the portal shows of the checklist
 * is then out of date.
 */
export function rowRefused(error: unknown): boolean {
  return error instanceof Error && typeof (error.cause as { code?: unknown } | undefined)?.code === 'string';
}

/**
 * Sends the file to the storage API's upload endpoint (the same request supabase-js's storage.upload
 * makes) with XMLHttpRequest, the one browser API that reports upload progress; supabase-js uses fetch,
 * which cannot. The response and errors follow the Supabase storage protocol.
 */
function sendFile(url: string, headers: Record<string, string>, file: File, onProgress: (fraction: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        resolve();
        return;
      }
      let message: unknown;
      try {
        message = (JSON.parse(request.responseText) as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      reject(new Error(typeof message === 'string' && message ? message : ''));
    };
    request.onerror = () => reject(new Error(''));
    request.send(file);
  });
}

/**
 * Uploads one document: the file into the private bucket at {userId}/{type}/{uuid}.{ext}, then its
 * documents row linked to the application (and to its request, or the document it replaces). If the row cannot
 * be written the file is removed again, so no file is left without its row. Rejects with the message to show
 * ('Upload failed' when there is none); a refusal of the row keeps the server's error as its cause
 * (rowRefused).
 */
export async function uploadDocument(file: File, target: UploadTarget, onProgress: (fraction: number) => void) {
  const refusal = refuseBeforeUpload(file);
  if (refusal) throw new Error(refusal);
  const extension = acceptedUploadExtension(file.name)!;
  const [supabase, config] = await Promise.all([loadSupabase(), loadRuntimeConfig()]);
  const { data } = await supabase.auth.getSession();
  const accessToken = data.session?.access_token;
  if (!accessToken) throw new Error(uploadErrorMessage(null));
  const id = crypto.randomUUID();
  const path = documentStoragePath(target.userId, target.type, id, extension);
  const contentType = uploadContentTypes[extension];
  try {
    await sendFile(
      `${config.supabaseUrl}/storage/v1/object/${DOCUMENTS_BUCKET}/${path}`,
      {
        authorization: `Bearer ${accessToken}`,
        apikey: config.anonKey,
        'content-type': contentType,
        'x-upsert': 'false',
      },
      file,
      onProgress,
    );
  } catch (error) {
    throw new Error(uploadErrorMessage(error));
  }
  const { error } = await supabase.from('documents').insert({
    id,
    user_id: target.userId,
    application_id: target.applicationId,
    type: target.type,
    request_id: target.requestId,
    replaces_id: target.replacesId,
    file_name: file.name,
    file_size: file.size,
    content_type: contentType,
    storage_path: path,
  });
  if (error) {
    await supabase.storage.from(DOCUMENTS_BUCKET).remove([path]);
    throw new Error(uploadErrorMessage(error), { cause: error });
  }
}
