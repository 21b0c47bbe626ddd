import { DOCUMENTS_BUCKET } from '../../../shared/catalogue/documents.ts';
import { loadSupabase } from './load-supabase.ts';

/** How long a signed document link stays valid, in seconds. */
export const SIGNED_URL_SECONDS = 60;

/**
 * Opens a stored document in a new tab through a short-lived signed link (the bucket is private: DESIGN
 * departure 2). The tab is opened before the link is signed, so the browser counts it as the click's own.
 */
export async function openStoredDocument(storagePath: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.storage
      .from(DOCUMENTS_BUCKET)
      .createSignedUrl(storagePath, SIGNED_URL_SECONDS);
    if (error || !data) throw new Error(error?.message ?? 'No signed link');
    if (tab) {
      tab.opener = null;
      tab.location.href = data.signedUrl;
    }
  } catch (error) {
    tab?.close();
    console.error('Could not open the document', error);
  }
}
