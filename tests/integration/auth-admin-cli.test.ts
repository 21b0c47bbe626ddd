import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsOf, uniqueEmail } from '../support/auth-helpers.ts';
import { runCli } from '../support/cli-process.ts';
import {
  anonClient,
  removeDataDir,
  startServerProcess,
  temporaryDataDir,
  testDatabaseUrl,
  type ServerProcess,
} from '../support/server-process.ts';

// The first-run administrator, `npm run admin -- create` and `npm run db:reset`, on one data folder.
const dataDir = temporaryDataDir();
let databaseUrl: string | undefined;

beforeAll(async () => {
  databaseUrl = await testDatabaseUrl(dataDir);
});
afterAll(() => removeDataDir(dataDir));

const cli = (script: 'admin.ts' | 'db-reset.ts', ...args: string[]) => runCli(script, args, { dataDir, databaseUrl });

function printedAdmin(server: ServerProcess): { email: string; password: string } | undefined {
  const match = /e-mail:\s+(\S+)\n\s*password:\s+(\S+)/.exec(server.output());
  return match ? { email: match[1]!, password: match[2]! } : undefined;
}

async function signIn(server: ServerProcess, email: string, password: string) {
  return anonClient(server).auth.signInWithPassword({ email, password });
}

const boss = { email: uniqueEmail('boss'), password: 'boss-password-1' };
const applicant = { email: uniqueEmail('applicant'), password: 'applicant-pass' };

describe('administrator accounts', () => {
  it('creates an admin with a random password on first start, prints it once and keeps it owner-only', async () => {
    const server = await startServerProcess({ dataDir });
    try {
      const admin = printedAdmin(server);
      expect(admin?.email).toBe('admin@example.com');
      expect(admin!.password.length).toBeGreaterThanOrEqual(20);

      const file = path.join(dataDir, 'admin-credentials.txt');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toContain(admin!.password);

      const { data, error } = await signIn(server, admin!.email, admin!.password);
      expect(error).toBeNull();
      expect(claimsOf(data.session!.access_token).app_metadata).toMatchObject({ role: 'admin' });

      // An ordinary applicant (unconfirmed: AUTOCONFIRM is off), promoted by the CLI below.
      expect((await anonClient(server).auth.signUp(applicant)).error).toBeNull();

      if (!databaseUrl) {
        const refused = await cli('admin.ts', 'create', '--email', boss.email, '--password', boss.password);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('is running');
      }
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('creates and promotes admins from the command line, with clear errors for bad input', async () => {
    const noArgs = await cli('admin.ts');
    expect(noArgs.code).toBe(1);
    expect(noArgs.stderr).toContain('Usage: npm run admin -- create --email');
    const badEmail = await cli('admin.ts', 'create', '--email', 'not-an-address', '--password', 'long-enough');
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toContain('Unable to validate email address: invalid format');
    const weak = await cli('admin.ts', 'create', '--email', boss.email, '--password', '123');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Password should be at least 6 characters.');

    const created = await cli('admin.ts', 'create', '--email', boss.email, '--password', boss.password);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Created the administrator account ${boss.email}`);
    const promoted = await cli('admin.ts', 'create', '--email', applicant.email, '--password', 'promoted-pass');
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain(`${applicant.email} (id `);
    expect(promoted.stdout).toContain('is now an administrator');

    const server = await startServerProcess({ dataDir });
    try {
      // Admins exist now: no new first-run account, nothing printed.
      expect(printedAdmin(server)).toBeUndefined();
      const bossSignIn = await signIn(server, boss.email, boss.password);
      expect(bossSignIn.error).toBeNull();
      expect(claimsOf(bossSignIn.data.session!.access_token).app_metadata).toMatchObject({ role: 'admin' });

      expect((await signIn(server, applicant.email, applicant.password)).error?.code).toBe('invalid_credentials');
      const promotedSignIn = await signIn(server, applicant.email, 'promoted-pass');
      expect(promotedSignIn.error).toBeNull();
      expect(promotedSignIn.data.user?.email_confirmed_at).toEqual(expect.any(String));
      expect(claimsOf(promotedSignIn.data.session!.access_token).app_metadata).toMatchObject({
        role: 'admin',
        provider: 'email',
      });
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('resets the database only when confirmed, and the next start begins again', async () => {
    const unconfirmed = await cli('db-reset.ts');
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain('pass --yes');

    const reset = await cli('db-reset.ts', '--yes');
    expect(reset.stderr).toBe('');
    expect(reset.code).toBe(0);

    const server = await startServerProcess({ dataDir });
    try {
      const admin = printedAdmin(server);
      expect(admin?.email).toBe('admin@example.com');
      expect((await signIn(server, admin!.email, admin!.password)).error).toBeNull();
      expect((await signIn(server, boss.email, boss.password)).error?.code).toBe('invalid_credentials');
    } finally {
      await server.stop();
    }
  }, 120_000);
});
