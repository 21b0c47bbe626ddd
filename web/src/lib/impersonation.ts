import { IMPERSONATION_STORAGE_KEYS } from '../../../shared/catalogue/accounts.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { loadSupabase } from './load-supabase.ts';

/** An admin viewing a client's portal (docs/product.md §4, Impersonation): the flags in session storage. */
export type Impersonation = { clientId: string; startedAt: string | null };

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The impersonation flags, when an admin's 'Access client account' set them in this tab. */
export function readImpersonation(): Impersonation | null {
  const clientId = storage()?.getItem(IMPERSONATION_STORAGE_KEYS.clientId);
  if (!clientId) return null;
  return { clientId, startedAt: storage()?.getItem(IMPERSONATION_STORAGE_KEYS.startedAt) ?? null };
}

/** Clears both flags (Exit Impersonation). */
export function clearImpersonation(): void {
  storage()?.removeItem(IMPERSONATION_STORAGE_KEYS.clientId);
  storage()?.removeItem(IMPERSONATION_STORAGE_KEYS.startedAt);
}

/**
 * Ends the impersonation of this tab, if any (Exit Impersonation, and signing out): records the end in
 * audit_log while the session still exists (a failure is only logged), then clears both flags.
 */
export async function endImpersonation(): Promise<void> {
  const impersonation = readImpersonation();
  if (!impersonation) return;
  try {
    const supabase = await loadSupabase();
    const { error } = await supabase.rpc('log_impersonation', { client_id: impersonation.clientId, phase: 'end' });
    if (error) console.error('Could not record the end of impersonation', error);
  } catch (error) {
    console.error('Could not record the end of impersonation', error);
  }
  clearImpersonation();
}

/** The banner's start time: a US date and time, or 'Unknown' when the flag is missing or unreadable. */
export function impersonationStartLabel(startedAt: string | null): string {
  const date = startedAt ? new Date(startedAt) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Unknown';
  return formatDateTime(date);
}
