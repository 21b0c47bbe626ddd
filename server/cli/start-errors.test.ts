import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ServerLockError, takeServerLock } from '../server-lock.ts';
import { describeStartError } from './start-errors.ts';

const folders: string[] = [];
const servers: net.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const folder of folders.splice(0)) {
    chmodSync(folder, 0o700);
    rmSync(folder, { recursive: true, force: true });
  }
});

function scratch(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'loan-match-start-errors-'));
  folders.push(folder);
  return folder;
}

/** The error a real listen gets (undefined when it succeeds). */
function listenError(port: number, host: string): Promise<Error> {
  const server = net.createServer();
  servers.push(server);
  return new Promise((resolve, reject) => {
    server.once('error', resolve);
    server.listen(port, host, () => reject(new Error(`listening on ${host}:${port} worked`)));
  });
}

async function listening(): Promise<number> {
  const server = net.createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

/** The error pg's client gets connecting to this DATABASE_URL. */
async function connectError(databaseUrl: string): Promise<Error> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    return error as Error;
  } finally {
    await client.end().catch(() => {});
  }
  throw new Error(`connecting to ${databaseUrl} worked`);
}

/**
 * A stand-in Postgres server that answers every connection's start-up message with this error, in the wire
 * protocol (an ErrorResponse), as a real server refusing the login or the database does.
 */
async function refusingPostgres(sqlState: string, message: string): Promise<number> {
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      const fields = Buffer.from(`SFATAL\0VFATAL\0C${sqlState}\0M${message}\0\0`);
      const header = Buffer.alloc(5);
      header.write('E', 0);
      header.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([header, fields]));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

const config = (env: Record<string, string> = {}) =>
  loadConfig({ HOST: '127.0.0.1', PORT: '3000', DATA_DIR: path.join(tmpdir(), 'loan-match-data'), ...env });

describe('npm start explains what stands in the way of a start in one line', () => {
  it('a port another process listens on', async () => {
    const port = await listening();
    const error = await listenError(port, '127.0.0.1');
    expect(describeStartError(error, config({ PORT: String(port) }))).toBe(
      `Port ${port} on 127.0.0.1 is already in use: stop what uses it or set PORT.`,
    );
  });

  it('a HOST that is no name or address of this machine', async () => {
    const unknownName = await listenError(0, 'nonexistent.invalid');
    expect(describeStartError(unknownName, config({ HOST: 'nonexistent.invalid' }))).toBe(
      'HOST nonexistent.invalid does not resolve to an address of this machine: set HOST to one of its names or addresses (localhost, 0.0.0.0).',
    );
    // 192.0.2.1 is reserved for documentation: never this machine's.
    const otherAddress = await listenError(0, '192.0.2.1');
    expect(describeStartError(otherAddress, config({ HOST: '192.0.2.1' }))).toBe(
      'HOST 192.0.2.1 is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.',
    );
  });

  it('a DATA_DIR under a file', () => {
    const file = path.join(scratch(), 'data');
    writeFileSync(file, '');
    const dataDir = path.join(file, 'loan-match');
    const error = captured(() => takeServerLock(dataDir));
    expect(describeStartError(error, config({ DATA_DIR: dataDir }))).toBe(
      `Cannot create DATA_DIR ${dataDir}: ${file} is a file, not a folder.`,
    );
    const onTheFile = captured(() => takeServerLock(file));
    expect(describeStartError(onTheFile, config({ DATA_DIR: file }))).toBe(
      `Cannot create DATA_DIR ${file}: ${file} is a file, not a folder.`,
    );
  });

  it('a DATA_DIR this user may not create or write', () => {
    const parent = scratch();
    const dataDir = path.join(parent, 'data');
    let described: string | undefined;
    if (process.getuid?.() === 0) {
      // root may write anywhere: the same happens in a process of an ordinary user (nobody), whose tsx needs a
      // temporary folder of its own.
      chmodSync(parent, 0o700);
      const childTemporary = scratch();
      chmodSync(childTemporary, 0o777);
      const child = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import { describeStartError } from ${JSON.stringify(path.join(import.meta.dirname, 'start-errors.ts'))};
           import { takeServerLock } from ${JSON.stringify(path.join(import.meta.dirname, '..', 'server-lock.ts'))};
           try { takeServerLock(${JSON.stringify(dataDir)}); } catch (error) {
             console.log(describeStartError(error, { host: 'localhost', port: 3000, dataDir: ${JSON.stringify(dataDir)}, databaseUrl: undefined }));
           }`,
        ],
        { uid: 65534, gid: 65534, encoding: 'utf8', env: { ...process.env, TMPDIR: childTemporary } },
      );
      described = child.stdout.trim() || child.stderr;
    } else {
      chmodSync(parent, 0o500);
      described = describeStartError(
        captured(() => takeServerLock(dataDir)),
        config({ DATA_DIR: dataDir }),
      );
    }
    expect(described).toBe(`Cannot create or write DATA_DIR ${dataDir}: permission denied.`);
  }, 30_000);

  it('a Postgres server that does not listen, never showing the password', async () => {
    const port = await listening();
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const databaseUrl = `postgres://loans:s3cret-pw@127.0.0.1:${port}/loans`;
    const described = describeStartError(await connectError(databaseUrl), config({ DATABASE_URL: databaseUrl }));
    expect(described).toBe(
      `Cannot connect to the Postgres server in DATABASE_URL (127.0.0.1:${port}): connection refused.`,
    );
  });

  it('a Postgres server that refuses the password or does not have the database', async () => {
    const wrongPassword = await refusingPostgres('28P01', 'password authentication failed for user "loans"');
    let databaseUrl = `postgres://loans:s3cret-pw@127.0.0.1:${wrongPassword}/loans`;
    expect(describeStartError(await connectError(databaseUrl), config({ DATABASE_URL: databaseUrl }))).toBe(
      `Cannot connect to the Postgres server in DATABASE_URL (127.0.0.1:${wrongPassword}): password authentication failed for user "loans".`,
    );
    const noDatabase = await refusingPostgres('3D000', 'database "loans" does not exist');
    databaseUrl = `postgres://loans:s3cret-pw@127.0.0.1:${noDatabase}/loans`;
    expect(describeStartError(await connectError(databaseUrl), config({ DATABASE_URL: databaseUrl }))).toBe(
      `Cannot connect to the Postgres server in DATABASE_URL (127.0.0.1:${noDatabase}): database "loans" does not exist (create it, or correct DATABASE_URL).`,
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)('the same refusals from a real Postgres server', async () => {
    const real = new URL(process.env.TEST_DATABASE_URL!);
    const address = `${real.hostname}:${real.port || '5432'}`;
    const wrongPassword = new URL(real);
    wrongPassword.password = 'not-the-password';
    const failure = await connectError(wrongPassword.toString());
    const described = describeStartError(failure, config({ DATABASE_URL: wrongPassword.toString() }));
    expect(described).toBe(
      `Cannot connect to the Postgres server in DATABASE_URL (${address}): password authentication failed for user "${real.username}".`,
    );
    const missing = new URL(real);
    missing.pathname = '/loan_match_no_such_database';
    expect(
      describeStartError(await connectError(missing.toString()), config({ DATABASE_URL: missing.toString() })),
    ).toBe(
      `Cannot connect to the Postgres server in DATABASE_URL (${address}): database "loan_match_no_such_database" does not exist (create it, or correct DATABASE_URL).`,
    );
  });

  it('another server on the data folder', () => {
    const dataDir = scratch();
    const held = takeServerLock(dataDir);
    try {
      const error = captured(() => takeServerLock(dataDir));
      expect(error).toBeInstanceOf(ServerLockError);
      expect(describeStartError(error, config({ DATA_DIR: dataDir }))).toBe(error.message);
    } finally {
      held.release();
    }
  });

  it('leaves anything else to be printed in full (a bug)', async () => {
    expect(describeStartError(new TypeError("Cannot read properties of undefined (reading 'x')"), config())).toBe(
      undefined,
    );
    // Connection failures count only for the Postgres server, file errors only in DATA_DIR.
    const port = await listening();
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(describeStartError(await connectError(`postgres://a:b@127.0.0.1:${port}/c`), config())).toBe(undefined);
    const elsewhere = path.join(scratch(), 'a-file');
    writeFileSync(elsewhere, '');
    expect(
      describeStartError(
        captured(() => mkdirSync(path.join(elsewhere, 'x'))),
        config(),
      ),
    ).toBe(undefined);
  });
});

function captured(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('it did not fail');
}
