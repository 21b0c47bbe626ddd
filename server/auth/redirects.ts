/**
 * The site's own address: SITE_URL when configured, else the origin the request reached us at
 * (`request.protocol` and `request.host`, which honour X-Forwarded-* only from trusted proxies).
 */
export function siteUrl(configured: string | undefined, request: { protocol: string; host: string }): string {
  return (configured ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

/**
 * The address to send a user to after an e-mailed link: `requested` when it is an http(s) URL on the
 * site's own origin, else the site itself. Anything else would be an open redirect (a link in our
 * e-mail sending people, with a fresh session in the URL, to someone else's site).
 */
export function safeRedirect(requested: unknown, site: string): string {
  if (typeof requested !== 'string' || requested.trim() === '') return site;
  let target: URL;
  try {
    target = new URL(requested.trim());
  } catch {
    return site;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return site;
  if (target.username || target.password) return site;
  if (target.origin !== new URL(site).origin) return site;
  target.hash = '';
  return target.toString();
}

/** Appends parameters to the URL's hash (the implicit flow: never sent to any server, not even ours). */
export function withHashParams(url: string, params: Record<string, string | number>): string {
  const target = new URL(url);
  const hash = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) hash.set(key, String(value));
  target.hash = hash.toString();
  return target.toString();
}

/** Appends parameters to the URL's query (the PKCE flow's `?code=`). */
export function withQueryParams(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}
