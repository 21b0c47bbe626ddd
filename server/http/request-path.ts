/**
 * The path of a request as the router matches it: the query left out and percent-encoding decoded
 * ('/%5Fdev/mailbox' is '/_dev/mailbox' to the router, so it must be to every check on a path too). A sequence
 * that does not decode (a lone '%') is kept as written, as the router keeps it. Every check that decides by a
 * request's path reads it through this, never the raw URL.
 */
function requestPath(url: string): string {
  const question = url.indexOf('?');
  const raw = question >= 0 ? url.slice(0, question) : url;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether a request's path is in one of the areas given by their prefixes ('/rest/', '/config.json'). */
export function pathIsUnder(url: string, prefixes: readonly string[]): boolean {
  const path = requestPath(url);
  return prefixes.some((prefix) => path.startsWith(prefix));
}
