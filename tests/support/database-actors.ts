import { randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startServer, type RunningServer } from '../../server/app.ts';
import type { RequestAuth } from '../../server/auth/request-auth.ts';
import { loadConfig } from '../../server/config.ts';
import type { Queryable } from '../../server/db/database.ts';
import { runAsRequestRole } from '../../server/db/request-role.ts';
import { signToken } from '../../server/keys.ts';
import { uniqueEmail } from './auth-helpers.ts';
import { startFromPgliteTemplate } from './pglite-template.ts';
import { clientWithKey, removeDataDir, temporaryDataDir, testDatabaseUrl } from './server-process.ts';

/**
 * server/ started in this process on a temporary data folder (PGlite, or a fresh database on the Postgres
 * server named by TEST_DATABASE_URL), with helpers to create auth users and to act as anon, a signed-in
 * user or the service role, through supabase-js or through SQL under the caller's role.
 */

export type TestUser = {
  id: string;
  email: string;
  /** An access token as the auth server issues it (HS256 with the installation's secret). */
  token: string;
  claims: Record<string, unknown>;
};

export type NewUser = {
  email?: string;
  /** app_metadata.role; only 'admin' makes an admin. */
  appRole?: 'admin';
  userMetadata?: Record<string, unknown>;
  confirmed?: boolean;
  /** The e-mail put in the token, when it should differ from the account's. */
  tokenEmail?: string;
};

/** Who calls: the anon key, the service-role key, or a signed-in user. */
export type Caller = 'anon' | 'service_role' | TestUser;

export type TestBackend = {
  server: RunningServer;
  /** The server's DATA_DIR (stored files are under storage/<bucket>/<object id>). */
  dataDir: string;
  /** SQL as the connecting (superuser) role: set-up and checks only, never what a client could do. */
  db: RunningServer['db'];
  anon: SupabaseClient;
  service: SupabaseClient;
  createUser(user?: NewUser): Promise<TestUser>;
  /** supabase-js as this caller (a user's client carries the user's access token). */
  client(caller: Caller): SupabaseClient;
  /** Runs fn in one transaction under the caller's role and claims, as the REST layer does. */
  sqlAs<T>(caller: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** `env` adds server settings (e.g. AUTOCONFIRM) to the test defaults. */
export async function startTestBackend(env: Record<string, string> = {}): Promise<TestBackend> {
  const dataDir = temporaryDataDir('loan-match-db-test-');
  const jwtSecret = randomBytes(48).toString('base64url');
  const databaseUrl = await testDatabaseUrl(dataDir);
  // On PGlite, a copy of the run's migrated database, as the servers started as processes get.
  if (!databaseUrl) startFromPgliteTemplate(dataDir);
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      DATABASE_URL: databaseUrl,
      // These tests try the database's rules with many visitors' inserts, all from 127.0.0.1: the per-IP limit
      // on visitors' submissions (five at once) would refuse most of them. It has its own test
      // (submission-rate-limit.test.ts); a test that wants it passes its own value in `env`.
      RATE_LIMIT_SUBMISSIONS_PER_5_MIN: '0',
      // The same for one account's uploads (20 at once): these tests upload many files as one applicant. The
      // limit and the quota have their own test (tests/security/upload-limits.test.ts).
      RATE_LIMIT_UPLOAD_BURST: '0',
      ...env,
    }),
  );
  const authOf = (caller: Caller): RequestAuth =>
    caller === 'anon'
      ? { role: 'anon', claims: { role: 'anon' } }
      : caller === 'service_role'
        ? { role: 'service_role', claims: { role: 'service_role' } }
        : { role: 'authenticated', claims: { ...caller.claims, role: 'authenticated' } };

  return {
    server,
    dataDir,
    db: server.db,
    anon: clientWithKey(server.url, server.keys.anonKey),
    service: clientWithKey(server.url, server.keys.serviceRoleKey),

    async createUser(user: NewUser = {}) {
      const id = randomUUID();
      const email = (user.email ?? uniqueEmail('user')).toLowerCase();
      const appMetadata = { provider: 'email', providers: ['email'], ...(user.appRole ? { role: user.appRole } : {}) };
      const userMetadata = user.userMetadata ?? { role: 'applicant' };
      // The auth server's sign-up does this insert; here it is done directly so these tests do not depend
      // on /auth/v1. Triggers on auth.users fire as they do for a real sign-up.
      await server.db.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values ($1, 'authenticated', 'authenticated', $2, $3, $4, $5)`,
        [
          id,
          email,
          user.confirmed === false ? null : new Date().toISOString(),
          JSON.stringify(appMetadata),
          JSON.stringify(userMetadata),
        ],
      );
      const claims = {
        sub: id,
        role: 'authenticated',
        aud: 'authenticated',
        email: user.tokenEmail ?? email,
        app_metadata: appMetadata,
        user_metadata: userMetadata,
      };
      return { id, email, claims, token: await signToken(jwtSecret, claims, 3600) };
    },

    client(caller: Caller) {
      if (caller === 'anon') return clientWithKey(server.url, server.keys.anonKey);
      if (caller === 'service_role') return clientWithKey(server.url, server.keys.serviceRoleKey);
      return clientWithKey(server.url, server.keys.anonKey, { accessToken: async () => caller.token });
    },

    sqlAs(caller, fn) {
      return runAsRequestRole(
        server.db,
        authOf(caller),
        { readOnly: false, method: 'POST', clientAddress: '127.0.0.1' },
        fn,
      );
    },

    async close() {
      await server.close();
      await removeDataDir(dataDir);
    },
  };
}

/** The SQLSTATE of a failed promise, or 'ok' when it succeeds. */
export async function sqlStateOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    throw error;
  }
}
