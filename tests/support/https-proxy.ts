import { execFileSync } from 'node:child_process';
import http from 'node:http';
import http2 from 'node:http2';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';

/** Headers of one connection (RFC 9113 8.2.2), not passed on between the two sides of the proxy. */
const connectionHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'host',
]);

function passedOn(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !name.startsWith(':') && !connectionHeaders.has(name)) kept[name] = value;
  }
  return kept;
}

/** A fresh self-signed certificate for 127.0.0.1 (openssl, as on any Linux or macOS machine). */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-tls-'));
  try {
    const keyFile = path.join(folder, 'key.pem');
    const certFile = path.join(folder, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * An HTTPS proxy in front of server/, standing in for the TLS-terminating proxy the README's exposure checklist
 * puts it behind (Caddy, nginx): HTTP/2 to browsers (HTTP/1.1 to clients that ask for it), HTTP/1.1 to server/
 * on loopback, with X-Forwarded-For, -Proto and -Host as such a proxy sets them (server/'s default TRUST_PROXY,
 * loopback, trusts them). For the benchmarks: its certificate is self-signed, so the browser is told to accept it
 * (`--ignore-certificate-errors`).
 */
export async function startHttpsProxy(upstreamUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(upstreamUrl);
  const proxy = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, (request, response) => {
    const authority = request.headers[':authority'] ?? request.headers.host ?? '';
    const headers = {
      ...passedOn(request.headers),
      host: upstream.host,
      'x-forwarded-for': request.socket.remoteAddress ?? '',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': authority,
    };
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, passedOn(answer.headers));
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  const connections = new Set<TLSSocket>();
  proxy.on('secureConnection', (socket: TLSSocket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    close() {
      for (const socket of connections) socket.destroy();
      return new Promise((resolve) => proxy.close(() => resolve()));
    },
  };
}
