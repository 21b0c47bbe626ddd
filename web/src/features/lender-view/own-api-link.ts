/**
 * A signed storage link at the API address this page uses. The lender-package function signs links with the
 * address it reaches storage at, which can be one only the server knows (server/ calls itself on 127.0.0.1; a
 * local Supabase stack calls its gateway by container name), so a lender following it elsewhere would get
 * nothing: the path and its token are what the link is, and the page's own API address reaches the same storage.
 */
export function atOwnApi(signedUrl: string, supabaseUrl: string): string {
  const signed = new URL(signedUrl, supabaseUrl);
  const own = new URL(supabaseUrl);
  if (signed.origin === own.origin) return signed.toString();
  return `${own.origin}${own.pathname.replace(/\/$/, '')}${signed.pathname}${signed.search}`;
}
