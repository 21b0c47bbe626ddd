import { isLoopbackHost } from '../config.ts';

/**
 * What a request says about the address it reached: Fastify's protocol and host (the Host header, or
 * X-Forwarded-Proto/-Host from a proxy TRUST_PROXY trusts) and the local port it came in on.
 */
export type RequestAddress = {
  protocol: string;
  host: string;
  port: number | undefined;
  /** The request came straight from this machine: its peer is this machine and it shows no sign of a proxy. */
  local: boolean;
};

/** A host as a Host header may carry it: a name or IPv4 address, or an IPv6 literal in brackets, and a port. */
const bareHost =
  /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::\d{1,5})?$/i;

/**
 * The one origin every URL built from a request starts from: the request's protocol and host, parsed and checked,
 * or undefined when they are not a plain http(s) origin. A Host header is the client's to write, and URL parsers
 * read more into it than a host: 'localhost:3000@evil.example' is user 'localhost', password '3000', host
 * evil.example; 'evil.example/x', 'a b', 'localhost,evil.example' (two headers joined) are not hosts at all.
 * Only a host the pattern above takes, that the URL parser reads back unchanged, is an origin.
 */
export function parseRequestOrigin(address: Pick<RequestAddress, 'protocol' | 'host'>): URL | undefined {
  if (address.protocol !== 'http' && address.protocol !== 'https') return undefined;
  if (typeof address.host !== 'string' || address.host.length > 260 || !bareHost.test(address.host)) return undefined;
  let url: URL;
  try {
    url = new URL(`${address.protocol}://${address.host}`);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  const port = /:(\d+)$/.exec(address.host.replace(/^\[[^\]]*\]/, ''))?.[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  return url;
}

/** Whether the request reached us under a name of this machine (localhost, 127.x.x.x, [::1]). */
export function isLoopbackOrigin(origin: URL | undefined): origin is URL {
  return origin !== undefined && isLoopbackHost(origin.hostname);
}

/** Whether a connection's peer is this machine itself: loopback, or one of its own addresses. */
function fromThisMachine(socket: { remoteAddress?: string | undefined; localAddress?: string | undefined }) {
  const remote = socket.remoteAddress?.replace(/^::ffff:/, '');
  if (!remote) return false;
  return isLoopbackHost(remote) || remote === socket.localAddress?.replace(/^::ffff:/, '');
}

/** Whether a request came straight from this machine: its peer is this machine and it shows no sign of a proxy. */
export function cameFromThisMachine(request: {
  headers: Record<string, string | string[] | undefined>;
  socket: { remoteAddress?: string | undefined; localAddress?: string | undefined };
}): boolean {
  return fromThisMachine(request.socket) && !cameThroughProxy(request.headers);
}

/** A Fastify request's address as parseRequestOrigin and siteUrl read it. */
export function requestAddress(request: {
  protocol: string;
  host: string;
  headers: Record<string, string | string[] | undefined>;
  socket: { localPort?: number | undefined; remoteAddress?: string | undefined; localAddress?: string | undefined };
}): RequestAddress {
  return {
    protocol: request.protocol,
    host: request.host,
    port: request.socket.localPort,
    local: cameFromThisMachine(request),
  };
}

/** http://localhost on the port the request came in on: where links go when the request's own name is not trusted. */
export function localhostOrigin(port: number | undefined): string {
  return `http://localhost${port === undefined ? '' : `:${port}`}`;
}

/**
 * Headers a proxy adds to what it forwards. A request carrying any of them (even empty) came through a proxy, or
 * pretends to: the routes only this machine's own browser may use (the dev mailbox, backups) refuse it.
 */
const PROXY_HEADERS = [
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
  'via',
  'x-forwarded-host',
  'x-forwarded-proto',
  // The client's address as CDNs, tunnels and some proxies pass it on instead.
  'client-ip',
  'true-client-ip',
  'x-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
];

/** Whether a request shows any sign of having come through a proxy (PROXY_HEADERS). */
export function cameThroughProxy(headers: Record<string, string | string[] | undefined>): boolean {
  return PROXY_HEADERS.some((name) => headers[name] !== undefined);
}
