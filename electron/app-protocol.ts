import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The renderer's own scheme: the built renderer (dist/desktop) is served as app://admin/..., a secure,
 * standard origin of its own (so 'self' in the CSP means the app and nothing else, and the page is not a
 * file:// page that could read the disk). main.ts registers it as privileged before the app is ready and
 * hands `appProtocolHandler` to Electron's protocol.handle.
 */
export const appScheme = 'app';
export const appHost = 'admin';
export const appOrigin = `${appScheme}://${appHost}`;
export const appEntryUrl = `${appOrigin}/index.html`;

/** For protocol.registerSchemesAsPrivileged: standard (relative URLs, an origin), secure, fetch allowed. */
export const appSchemePrivileges = {
  scheme: appScheme,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/** The Content-Type a served file gets, from its extension; unknown ones are plain bytes. */
export function contentTypeOf(filePath: string): string {
  return contentTypes[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export type AppProtocolOptions = {
  /** The folder of the built renderer; nothing outside it is ever served. */
  root: string;
  /** The policy sent with every response, read per request so a changed server setting applies on reload. */
  contentSecurityPolicy: () => string;
};

/**
 * A handler for protocol.handle(appScheme, ...): a Fetch API Request in, a Response out. Serves files from
 * `root` only (a path that leaves it, by `..`, an encoded `%2e%2e` or `%2f`, a backslash, an absolute path
 * or a symbolic link, is not found), answers GET and HEAD, and sends the CSP with every response. A path
 * without an extension that names no file is a client-side route and gets index.html.
 */
export function appProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const headers = {
      'Content-Security-Policy': options.contentSecurityPolicy(),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-cache',
    };
    const answer = (status: number, text: string) =>
      new Response(request.method === 'HEAD' ? null : text, {
        status,
        headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
      });
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Method not allowed');
    const file = await resolveAppFile(options.root, request.url);
    if (!file) return answer(404, 'Not found');
    const body = request.method === 'HEAD' ? null : new Uint8Array(await readFile(file));
    return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': contentTypeOf(file) } });
  };
}

/** The file an app:// URL names inside `root`, or null when there is none (or the URL tries to leave). */
export async function resolveAppFile(root: string, requestUrl: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${appScheme}:` || url.host !== appHost) return null;
  const segments = safeSegments(url.pathname);
  if (!segments) return null;
  const realRoot = await realpath(root);
  const candidate = segments.length === 0 ? 'index.html' : path.join(...segments);
  const found = await fileInside(realRoot, path.join(realRoot, candidate));
  if (found) return found;
  // A client-side route (no extension): the single page that routes it.
  if (segments.length > 0 && path.extname(segments[segments.length - 1]!) === '') {
    return fileInside(realRoot, path.join(realRoot, 'index.html'));
  }
  return null;
}

/**
 * The decoded path segments, or null when one of them could walk out of the folder or is not a plain name:
 * `.` or `..` (also percent-encoded), an encoded slash or backslash, a NUL byte, a drive letter.
 */
function safeSegments(pathname: string): string[] | null {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

/** `file` when it is a regular file whose real path (symbolic links followed) lies inside `realRoot`. */
async function fileInside(realRoot: string, file: string): Promise<string | null> {
  let real: string;
  try {
    real = await realpath(file);
    if (!(await stat(real)).isFile()) return null;
  } catch {
    return null;
  }
  const relative = path.relative(realRoot, real);
  if (relative === '' || relative.split(path.sep)[0] === '..' || path.isAbsolute(relative)) return null;
  return real;
}
