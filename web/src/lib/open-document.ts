import { browserShowsInline, documentFileName, DOCUMENTS_BUCKET } from '../../../shared/catalogue/documents.ts';
import { SIGNED_URL_MAX_SECONDS } from '../../../shared/db/api-limits.ts';
import { loadSupabase } from './load-supabase.ts';

/** How long a signed document link stays valid, in seconds: the longest the server signs for the apps. */
export const SIGNED_URL_SECONDS = SIGNED_URL_MAX_SECONDS;

/**
 * Opens a stored document through a short-lived signed link (the bucket is private: docs/architecture.md, Departure 2).
 * A PDF or image opens in a new tab, opened before the link is signed so that the browser counts it as the click's
 * own. A Word or Excel file is downloaded under the applicant's own file name (the stored one is an id), with the
 * extension it was stored with (documentFileName). When the link cannot be signed, the tab opened for it closes and
 * the promise fails, for the screen to say so (PORTAL_MESSAGES.documentOpenFailed).
 */
export async function openStoredDocument(storagePath: string, fileName: string): Promise<void> {
  const inline = browserShowsInline(storagePath);
  const tab = inline ? window.open('', '_blank') : null;
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.storage
      .from(DOCUMENTS_BUCKET)
      .createSignedUrl(
        storagePath,
        SIGNED_URL_SECONDS,
        inline ? undefined : { download: documentFileName(fileName, storagePath) },
      );
    if (error || !data) throw new Error(error?.message ?? 'No signed link');
    if (!inline) {
      const link = document.createElement('a');
      link.href = data.signedUrl;
      link.click();
    } else if (tab) {
      tab.opener = null;
      tab.location.href = data.signedUrl;
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
