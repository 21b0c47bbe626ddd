import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pathIsUnder } from './request-path.ts';
import { apiPrefixes } from './static-site.ts';

/** Inline <script> elements (no src attribute) and their text, exactly as the browser hashes it. */
const inlineScript = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The text of each inline script of a page (what the CSP hashes, and the route budgets weigh). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(inlineScript)].map((match) => match[1] ?? '');
}

/** The HTML pages of a web build: index.html, spa.html and the prerendered routes (not the assets). */
function htmlFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/**
 * The CSP sources ('sha256-...') of every inline script in the web build's pages. The prerendered pages start
 * the app with one small inline script (appStartScript in server/cli/web-build.ts); allowing it by its
 * hash keeps 'unsafe-inline' out of script-src. Read once at start: a new build needs a restart, as npm start
 * does anyway.
 */
export function inlineScriptHashes(webDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(webDir)) {
    for (const script of inlineScripts(readFileSync(file, 'utf8'))) {
      hashes.add(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/**
 * The Content-Security-Policy of the web build. Scripts: the build's own files and its inline scripts by
 * hash, never 'unsafe-inline' or 'unsafe-eval'. Styles: 'unsafe-inline' as well, because Chakra's styling
 * engine (emotion) inserts <style> elements while the app runs and the prerendered pages carry theirs inline;
 * style cannot run code. connect-src adds the origin of `apiUrl` (the address /config.json gives the app:
 * API_EXTERNAL_URL, else SITE_URL), where the app's supabase-js calls go when it is set.
 */
export function webContentSecurityPolicy(options: { scriptHashes: string[]; apiUrl: string | undefined }): string {
  const connect = ["'self'", ...(options.apiUrl ? [new URL(options.apiUrl).origin] : [])];
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...options.scriptHashes].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** One year, without includeSubDomains: other hosts of the operator's domain are not this server's to decide. */
const strictTransportSecurity = 'max-age=31536000';

/**
 * Scripts and style sheets, which a browser never shows as a page. It applies a Content-Security-Policy or
 * X-Frame-Options only from the response of a document (or of a worker's script, and the web app starts no
 * worker), and nosniff keeps these from being read as anything else; so those two headers are left off them.
 * That is about 1 KB less per script on the first load of a signed-in page (eleven scripts for /portal), which
 * over HTTP/1.1 sends every header in full. An SVG or an HTML page can be opened as a document: they keep both.
 */
const neverADocument = /^text\/(?:javascript|css)\b/i;

/**
 * Headers on every response. All: X-Content-Type-Options nosniff, a Referrer-Policy, and HSTS when the request
 * came over https (directly, or as X-Forwarded-Proto from a proxy TRUST_PROXY trusts). The web build (every
 * path outside the API's) also, on all but its scripts and style sheets (neverADocument): its
 * Content-Security-Policy, with frame-ancestors 'none', and X-Frame-Options for browsers that predate it. A header
 * a route set itself (the dev mailbox's stricter CSP) is kept. A callback hook rather than an async one, as
 * closeAfterUnreadBody in server/app.ts, for the same reason.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { webDir: string; apiUrl: string | undefined },
): void {
  const csp = webContentSecurityPolicy({ scriptHashes: inlineScriptHashes(options.webDir), apiUrl: options.apiUrl });
  app.addHook('onSend', (request, reply, payload, done) => {
    const set = (name: string, value: string) => {
      if (!reply.hasHeader(name)) reply.header(name, value);
    };
    set('X-Content-Type-Options', 'nosniff');
    set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (request.protocol === 'https') set('Strict-Transport-Security', strictTransportSecurity);
    if (!pathIsUnder(request.url, apiPrefixes) && !neverADocument.test(String(reply.getHeader('content-type') ?? ''))) {
      set('Content-Security-Policy', csp);
      set('X-Frame-Options', 'DENY');
    }
    done(null, payload);
  });
}
