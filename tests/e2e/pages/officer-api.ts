import type { SupabaseClient } from '@supabase/supabase-js';
import { createApiKeys, loadJwtSecret, type ApiKeys } from '../../../server/keys.ts';
import { clientWithKey } from '../../support/server-process.ts';
import type { PortalAccount } from './portal-session.ts';

/**
 * The API as an officer's screens call it (their session's token): set-up that goes through the officer's own
 * functions (review_document, request_document...), so it passes the same checks as the screens.
 */
export async function officerApi(baseURL: string, officer: PortalAccount, serverKeys?: ApiKeys) {
  const keys = serverKeys ?? (await createApiKeys(loadJwtSecret(process.env.E2E_DATA_DIR!, undefined)));
  const api = clientWithKey(baseURL, keys.anonKey, { accessToken: async () => officer.session.access_token });
  /** Calls one of the officer's SQL functions; a refusal fails the set-up with its words. */
  return async (name: string, args: Record<string, unknown>) => {
    const { data, error } = await api.rpc(name, args);
    if (error) throw new Error(`${name}: ${error.message}`);
    return data as { id: string } | null;
  };
}

/** The id of the application's document of that file name (service role, as stored). */
export async function documentId(database: SupabaseClient, applicationId: string, fileName: string) {
  const { data, error } = await database
    .from('documents')
    .select('id')
    .eq('application_id', applicationId)
    .eq('file_name', fileName)
    .single();
  if (error) throw new Error(`${fileName}: ${error.message}`);
  return String(data.id);
}
