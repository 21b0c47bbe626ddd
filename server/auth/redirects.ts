import { isLoopbackOrigin, localhostOrigin, parseRequestOrigin, type RequestAddress } from '../http/request-origin.ts';

/**
 * The site's own address: SITE_URL when configured. Unset, the origin the request reached us at when that is a
 * name of this machine (localhost, 127.x.x.x, [::1]: `npm start` opened in a browser here, or `npm run dev`'s page
 * on its own port) and the request came from this machine, parsed and checked by parseRequestOrigin. Any other
 * name in the request (its Host header, or X-Forwarded-Host through a trusted proxy) is the client's choice, so
 * links would go wherever it says: a password-reset link e-mailed to an officer could point at an attacker's site.
 * From another machine even a name of this one is the client's choice: its port would send the link to whatever
 * listens there. Then http://localhost on the port the request came in on: set SITE_URL for any other name.
 */
export function siteUrl(configured: string | undefined, request: RequestAddress): string {
  if (configured !== undefined) return configured.replace(/\/+$/, '');
  const origin = parseRequestOrigin(request);
  const samePort =
    origin !== undefined && Number(origin.port || (origin.protocol === 'https:' ? 443 : 80)) === request.port;
  return isLoopbackOrigin(origin) && (request.local || samePort) ? origin.origin : localhostOrigin(request.port);
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
