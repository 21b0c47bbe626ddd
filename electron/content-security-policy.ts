/**
 * The renderer's Content-Security-Policy, sent as a header with every file the app:// protocol serves
 * (app-protocol.ts). Scripts come only from the app itself; styles also inline, because emotion (Chakra UI)
 * injects <style> elements at run time; the renderer may connect only to itself and to the configured API
 * server (its http(s) origin and the ws(s) twin that realtime uses).
 */
export function contentSecurityPolicy(apiUrl: string | null): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'", ...apiConnectSources(apiUrl)],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The origins the renderer may reach for an API address: exactly its origin (no path, no wildcard) and the
 * WebSocket origin of the same host and port. Nothing for an address that is not an http(s) URL, so a
 * malformed setting can never widen the policy or inject a directive.
 */
export function apiConnectSources(apiUrl: string | null): string[] {
  if (!apiUrl) return [];
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    return [];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
  if (url.username || url.password) return [];
  const socket = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  return [url.origin, socket];
}
