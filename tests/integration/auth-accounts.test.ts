import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { authFetch, claimsOf, recoveryClient, tokenSignedByServer, uniqueEmail } from '../support/auth-helpers.ts';
import { anonClient, clientWithKey, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

// AUTOCONFIRM on: sign-up answers with a session at once.
const server = serverForThisFile({ env: { AUTOCONFIRM: 'true' } });

async function signedUpClient(email: string, password = 'applicant-pass') {
  const client = anonClient(server);
  const { data, error } = await client.auth.signUp({ email, password, options: { data: { role: 'applicant' } } });
  expect(error).toBeNull();
  return { client, session: data.session! };
}

describe('sign-up with AUTOCONFIRM', () => {
  it('answers with a session whose access token carries the GoTrue claims', async () => {
    const email = uniqueEmail('auto');
    const { session } = await signedUpClient(email);
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, refresh_token: expect.any(String) });
    expect(session.user).toMatchObject({ email, user_metadata: { role: 'applicant' } });
    expect(session.user.email_confirmed_at).toEqual(expect.any(String));
    const claims = claimsOf(session.access_token);
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { role: 'applicant' },
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      is_anonymous: false,
      iss: `${server.url}/auth/v1`,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it('refuses a repeated sign-up with user_already_exists', async () => {
    const email = uniqueEmail('twice');
    await signedUpClient(email);
    const { data, error } = await anonClient(server).auth.signUp({ email, password: 'another-pass' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ code: 'user_already_exists', status: 422, message: 'User already registered' });
  });
});

describe('what a user may change about themselves', () => {
  it('keeps user_metadata editable but never a source of privilege', async () => {
    const { client } = await signedUpClient(uniqueEmail('climber'));
    const { data, error } = await client.auth.updateUser({ data: { role: 'admin' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ role: 'admin' });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const { data: refreshed, error: refreshError } = await client.auth.refreshSession();
    expect(refreshError).toBeNull();
    const claims = claimsOf(refreshed.session!.access_token);
    expect(claims.user_metadata.role).toBe('admin');
    expect(claims.app_metadata.role).toBeUndefined();

    const asAdmin = await authFetch(server, '/admin/users', { token: refreshed.session!.access_token });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body).toMatchObject({ code: 'not_admin', message: 'User not allowed' });
  });

  it('refuses app_metadata changes through PUT /user', async () => {
    const { session } = await signedUpClient(uniqueEmail('meta'));
    const response = await authFetch(server, '/user', {
      method: 'PUT',
      token: session.access_token,
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('not_admin');
    const user = await authFetch(server, '/user', { token: session.access_token });
    expect(user.body.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });

  it('changes the password from a reset link only, refuses the same one, and signs out the other sessions', async () => {
    const email = uniqueEmail('changer');
    const { client: signedIn } = await signedUpClient(email, 'first-pass');
    // A session signed in with the password (a stolen access token, say) cannot change it.
    expect((await signedIn.auth.updateUser({ password: 'thief-pass' })).error).toMatchObject({
      code: 'reauthentication_needed',
      status: 401,
    });
    const client = await recoveryClient(server, email);
    const other = anonClient(server);
    const { data: otherSignIn } = await other.auth.signInWithPassword({ email, password: 'first-pass' });

    const same = await client.auth.updateUser({ password: 'first-pass' });
    expect(same.error).toMatchObject({ code: 'same_password', status: 422 });
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error).toMatchObject({ code: 'weak_password' });
    expect((await client.auth.updateUser({ password: 'second-pass' })).error).toBeNull();

    expect((await anonClient(server).auth.signInWithPassword({ email, password: 'first-pass' })).error?.message).toBe(
      'Invalid login credentials',
    );
    expect((await anonClient(server).auth.signInWithPassword({ email, password: 'second-pass' })).error).toBeNull();
    const stale = await other.auth.refreshSession({ refresh_token: otherSignIn.session!.refresh_token });
    expect(stale.error?.code).toBe('refresh_token_not_found');
    expect((await client.auth.getUser()).error).toBeNull();
  });
});

describe('logout', () => {
  it('revokes the refresh token of the session (local) and makes its access token useless for /user', async () => {
    const email = uniqueEmail('leaver');
    const { client, session } = await signedUpClient(email);
    const { error } = await client.auth.signOut({ scope: 'local' });
    expect(error).toBeNull();
    const refreshed = await anonClient(server).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
    const user = await authFetch(server, '/user', { token: session.access_token });
    expect(user.status).toBe(403);
    expect(user.body.code).toBe('session_not_found');
  });

  it('ends the other sessions (others) or all of them (global)', async () => {
    const email = uniqueEmail('many');
    const { client: first } = await signedUpClient(email, 'many-pass');
    const sessions = [];
    for (let i = 0; i < 2; i += 1) {
      const { data } = await anonClient(server).auth.signInWithPassword({ email, password: 'many-pass' });
      sessions.push(data.session!);
    }
    expect((await first.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await first.auth.getUser()).error).toBeNull();
    for (const session of sessions) {
      expect((await authFetch(server, '/user', { token: session.access_token })).status).toBe(403);
    }
    const { data: again } = await anonClient(server).auth.signInWithPassword({ email, password: 'many-pass' });
    const logout = await authFetch(server, '/logout?scope=global', {
      method: 'POST',
      token: again.session!.access_token,
    });
    expect(logout.status).toBe(204);
    expect((await first.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });
});

describe('tokens the server did not issue, or no longer honours', () => {
  it('refuses expired, tampered and wrongly signed tokens on /user, the admin API and REST', async () => {
    const { session } = await signedUpClient(uniqueEmail('forger'));
    const claims = claimsOf(session.access_token);
    const expired = await tokenSignedByServer(server, { ...claims, exp: undefined, iat: undefined }, -60);
    const [header, , signature] = session.access_token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, role: 'service_role', app_metadata: { role: 'admin' } }),
    ).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${signature}`;
    const wrongSecret = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-completely-different-secret-of-32-chars'));

    for (const token of [expired, tampered, wrongSecret]) {
      const user = await authFetch(server, '/user', { token });
      expect(user.status).toBe(403);
      expect(user.body.code).toBe('bad_jwt');
      const admin = await authFetch(server, '/admin/users', { token });
      expect(admin.status).toBe(403);
      expect(admin.body.code).toBe('bad_jwt');
      const { error } = await clientWithKey(server.url, token).from('applications').select('id');
      expect(error?.code).toMatch(/^PGRST30[13]$/);
    }
    const none = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.keys.anonKey } });
    expect(none.status).toBe(401);
  });
});

describe('admin API', () => {
  it('refuses the anon key and user tokens with not_admin', async () => {
    const { session } = await signedUpClient(uniqueEmail('curious'));
    for (const token of [server.keys.anonKey, session.access_token]) {
      for (const [method, path] of [
        ['GET', '/admin/users'],
        ['POST', '/admin/users'],
        ['GET', `/admin/users/${session.user.id}`],
        ['PUT', `/admin/users/${session.user.id}`],
        ['DELETE', `/admin/users/${session.user.id}`],
        ['POST', '/admin/generate_link'],
      ] as const) {
        const response = await authFetch(server, path, { method, token, body: method === 'GET' ? undefined : '{}' });
        expect({ method, path, status: response.status, body: response.body }).toEqual({
          method,
          path,
          status: 403,
          body: { code: 'not_admin', message: 'User not allowed' },
        });
      }
    }
    const { error } = await anonClient(server).auth.admin.listUsers();
    expect(error).toMatchObject({ code: 'not_admin', status: 403 });
  });

  it('lets the service role list, create, read, update and delete users and generate links', async () => {
    const admin = serviceClient(server).auth.admin;
    const email = uniqueEmail('managed');
    const created = await admin.createUser({
      email,
      password: 'managed-pass',
      email_confirm: true,
      user_metadata: { role: 'applicant' },
      app_metadata: { role: 'admin' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({ email, app_metadata: { role: 'admin', provider: 'email' } });

    const duplicate = await admin.createUser({ email, password: 'managed-pass' });
    expect(duplicate.error).toMatchObject({ code: 'email_exists', status: 422 });

    const list = await admin.listUsers({ page: 1, perPage: 2 });
    expect(list.error).toBeNull();
    expect(list.data.users.length).toBeLessThanOrEqual(2);
    expect(list.data).toMatchObject({ total: expect.any(Number), lastPage: expect.any(Number) });
    expect((list.data as { total: number }).total).toBeGreaterThanOrEqual(2);

    expect((await admin.getUserById(id)).data.user?.email).toBe(email);
    const updated = await admin.updateUserById(id, {
      password: 'changed-pass',
      app_metadata: { role: null, tier: 'gold' },
      user_metadata: { company: 'Lopez Bakery' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], tier: 'gold' });
    expect(updated.data.user?.user_metadata).toEqual({ role: 'applicant', company: 'Lopez Bakery' });
    expect((await anonClient(server).auth.signInWithPassword({ email, password: 'changed-pass' })).error).toBeNull();

    const link = await admin.generateLink({ type: 'recovery', email, options: { redirectTo: `${server.url}/portal` } });
    expect(link.error).toBeNull();
    expect(link.data.properties).toMatchObject({
      verification_type: 'recovery',
      redirect_to: `${server.url}/portal`,
      action_link: expect.stringContaining(`${server.url}/auth/v1/verify?token=`),
    });
    const verified = await anonClient(server).auth.verifyOtp({
      type: 'recovery',
      token_hash: link.data.properties!.hashed_token,
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(id);

    const missing = await admin.generateLink({ type: 'magiclink', email: uniqueEmail('absent') });
    expect(missing.error).toMatchObject({ code: 'user_not_found', status: 404 });

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ code: 'user_not_found', status: 404 });
    expect((await anonClient(server).auth.signInWithPassword({ email, password: 'changed-pass' })).error?.code).toBe(
      'invalid_credentials',
    );
  });
});

describe('an account’s role', () => {
  it('taken or given by the service role ends the account’s sessions, since its tokens carry the role', async () => {
    const admin = serviceClient(server).auth.admin;
    const email = uniqueEmail('demoted');
    const created = await admin.createUser({
      email,
      password: 'officer-pass',
      email_confirm: true,
      app_metadata: { role: 'admin' },
    });
    expect(created.error).toBeNull();
    const officer = anonClient(server);
    const signedIn = await officer.auth.signInWithPassword({ email, password: 'officer-pass' });
    expect(signedIn.error).toBeNull();
    expect((await officer.rpc('is_admin')).data).toBe(true);
    // A change that is not of the role keeps the session.
    expect((await admin.updateUserById(created.data.user!.id, { app_metadata: { tier: 'gold' } })).error).toBeNull();
    expect((await authFetch(server, '/user', { token: signedIn.data.session!.access_token })).status).toBe(200);

    expect((await admin.updateUserById(created.data.user!.id, { app_metadata: { role: null } })).error).toBeNull();
    expect((await authFetch(server, '/user', { token: signedIn.data.session!.access_token })).status).toBe(403);
    expect((await officer.rpc('is_admin')).data).not.toBe(true);
    const refreshed = await anonClient(server).auth.refreshSession({
      refresh_token: signedIn.data.session!.refresh_token,
    });
    expect(refreshed.error).not.toBeNull();
  });
});

describe('health and settings', () => {
  it('reports the server and the database as up', async () => {
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
    const settings = await authFetch(server, '/settings');
    expect(settings.body).toMatchObject({ mailer_autoconfirm: true, external: { email: true } });
  });
});
