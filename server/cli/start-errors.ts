import { statSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import { ServerLockError } from '../server-lock.ts';

/**
 * `npm start` refuses to start, in one line and without a stack trace, when the machine or the configuration
 * stands in the way: the port is taken, HOST is not this machine's, DATA_DIR cannot be written, the Postgres
 * server of DATABASE_URL cannot be reached or refuses the login (its password is never shown). Any other error
 * is a bug and is printed in full.
 */
export function describeStartError(
  error: unknown,
  config: Pick<ServerConfig, 'host' | 'port' | 'dataDir' | 'databaseUrl'>,
): string | undefined {
  if (error instanceof ServerLockError) return error.message;
  if (!(error instanceof Error)) return undefined;
  const { code, syscall, hostname } = error as NodeJS.ErrnoException & { hostname?: string };
  const failedPath = (error as NodeJS.ErrnoException).path;
  const database = config.databaseUrl ? postgresServer(config.databaseUrl) : undefined;
  const cannotConnect = (server: { address: string }, why: string) =>
    `Cannot connect to the Postgres server in DATABASE_URL (${server.address}): ${why}.`;

  if (syscall === 'listen' || syscall === 'bind') {
    const port = (error as { port?: number }).port ?? config.port;
    if (code === 'EADDRINUSE') {
      return `Port ${port} on ${config.host} is already in use: stop what uses it or set PORT.`;
    }
    if (code === 'EACCES') {
      return `Port ${port} on ${config.host} may not be used by this user (ports below 1024 need privileges): set PORT to 1024 or more.`;
    }
    if (code === 'EADDRNOTAVAIL') {
      return `HOST ${config.host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.`;
    }
    return undefined;
  }

  if (syscall === 'getaddrinfo' && typeof hostname === 'string') {
    if (hostname === config.host) {
      return `HOST ${config.host} does not resolve to an address of this machine: set HOST to one of its names or addresses (localhost, 0.0.0.0).`;
    }
    if (database && hostname === database.host) {
      return cannotConnect(database, `${hostname} does not resolve to an address`);
    }
    return undefined;
  }

  if (database) {
    const why = connectionFailure(error);
    if (why) return cannotConnect(database, why);
  }

  if (typeof failedPath === 'string' && typeof code === 'string' && concernsFolder(failedPath, config.dataDir)) {
    const dataDir = config.dataDir;
    if (code === 'EACCES' || code === 'EPERM') return `Cannot create or write DATA_DIR ${dataDir}: permission denied.`;
    if (code === 'ENOTDIR' || (code === 'EEXIST' && syscall === 'mkdir')) {
      const file = fileInTheWay(dataDir);
      return `Cannot create DATA_DIR ${dataDir}: ${file ?? 'a part of its path'} is a file, not a folder.`;
    }
    if (code === 'EROFS') return `Cannot write DATA_DIR ${dataDir}: it is on a read-only file system.`;
    if (code === 'ENOSPC') return `Cannot write DATA_DIR ${dataDir}: no space left on its device.`;
    if (code === 'EDQUOT') return `Cannot write DATA_DIR ${dataDir}: the disk quota is used up.`;
  }
  return undefined;
}

/** Where DATABASE_URL points, without its user and password. */
function postgresServer(databaseUrl: string): { host: string; address: string } {
  try {
    const url = new URL(databaseUrl);
    const host = decodeURIComponent(url.hostname.replace(/^\[(.*)\]$/, '$1')) || url.searchParams.get('host') || '';
    const port = url.port || url.searchParams.get('port') || '5432';
    return { host, address: host.startsWith('/') ? `${host}, port ${port}` : `${host || 'localhost'}:${port}` };
  } catch {
    return { host: '', address: 'its address' };
  }
}

const socketFailures: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  ECONNRESET: 'the connection was reset',
  ENOENT: 'there is no server socket there',
};

/**
 * Why connecting to the Postgres server failed, when the error says so: the socket could not connect, or the
 * server refused the login or the database (SQLSTATE classes 08 and 28, 3D000, 53300, 57P03).
 */
function connectionFailure(error: Error): string | undefined {
  const { syscall } = error as NodeJS.ErrnoException;
  // Node tries each address of a name in turn and may report the failures together.
  const code =
    (error as NodeJS.ErrnoException).code ?? (error instanceof AggregateError ? firstCode(error) : undefined);
  if (typeof code !== 'string') {
    // pg's own message when the server asks for a password and DATABASE_URL has none.
    return /client password must be a string/.test(error.message)
      ? 'the server asks for a password, and DATABASE_URL has none'
      : undefined;
  }
  if ((syscall === 'connect' || error instanceof AggregateError) && socketFailures[code]) return socketFailures[code];
  const isServerError = 'severity' in error && /^[0-9A-Z]{5}$/.test(code);
  if (!isServerError) return undefined;
  if (code === '3D000') return `${error.message} (create it, or correct DATABASE_URL)`;
  if (/^(08|28)/.test(code) || code === '53300' || code === '57P03') return error.message;
  return undefined;
}

function firstCode(error: AggregateError): string | undefined {
  const [first] = error.errors as unknown[];
  return first instanceof Error ? (first as NodeJS.ErrnoException).code : undefined;
}

/** Whether a file-system error's path is DATA_DIR, inside it, or on the way to it. */
function concernsFolder(failedPath: string, dataDir: string): boolean {
  const relative = path.relative(dataDir, failedPath);
  const inside = relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  const onTheWay = !path.relative(failedPath, dataDir).startsWith('..');
  return inside || onTheWay;
}

/** The nearest existing part of DATA_DIR's path that is a file rather than a folder. */
function fileInTheWay(dataDir: string): string | undefined {
  for (let candidate = dataDir; ; candidate = path.dirname(candidate)) {
    try {
      return statSync(candidate).isDirectory() ? undefined : candidate;
    } catch {
      if (path.dirname(candidate) === candidate) return undefined;
    }
  }
}
