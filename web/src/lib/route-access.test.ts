import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { AuthState } from './auth-state.ts';
import { routeAccess } from './route-access.ts';

function sessionWith(metadata: { app?: Record<string, unknown>; user?: Record<string, unknown> }): Session {
  return {
    access_token: 'token',
    refresh_token: 'refresh',
    expires_in: 3600,
    token_type: 'bearer',
    user: {
      id: '6f1c1f0e-3c59-4a57-9a43-1f3f8f9c2b11',
      aud: 'authenticated',
      created_at: '2025-01-13T00:00:00Z',
      app_metadata: metadata.app ?? {},
      user_metadata: metadata.user ?? {},
    },
  };
}

const loading: AuthState = { status: 'loading', session: null, confirmed: false };
const unconfirmedSignedOut: AuthState = { status: 'signed-out', session: null, confirmed: false };
const signedOut: AuthState = { status: 'signed-out', session: null, confirmed: true };
const applicant: AuthState = {
  status: 'signed-in',
  session: sessionWith({ app: { provider: 'email' }, user: { role: 'applicant' } }),
  confirmed: true,
};
const admin: AuthState = {
  status: 'signed-in',
  session: sessionWith({ app: { provider: 'email', role: 'admin' } }),
  confirmed: true,
};
/** Anyone can write user_metadata, so it must never make an admin (docs/architecture.md, Departure 1). */
const selfDeclaredAdmin: AuthState = {
  status: 'signed-in',
  session: sessionWith({ app: { provider: 'email' }, user: { role: 'admin' } }),
  confirmed: true,
};

describe('routeAccess (product.md §2, "Route guard")', () => {
  it('waits while the session loads, and until supabase-js has confirmed it', () => {
    expect(routeAccess({ pathname: '/portal' }, loading)).toEqual({ kind: 'wait' });
    expect(routeAccess({ pathname: '/portal' }, unconfirmedSignedOut)).toEqual({ kind: 'wait' });
  });

  it('sends signed-out visitors of /admin paths to /admin/login, carrying the origin', () => {
    expect(routeAccess({ pathname: '/admin', search: '', hash: '' }, signedOut, true)).toEqual({
      kind: 'redirect',
      to: '/admin/login',
      state: { from: '/admin' },
    });
    expect(routeAccess({ pathname: '/admin/clients', search: '?q=harbor', hash: '#list' }, signedOut, true)).toEqual({
      kind: 'redirect',
      to: '/admin/login',
      state: { from: '/admin/clients?q=harbor#list' },
    });
  });

  it('sends signed-out visitors of other protected paths to /portal/login, carrying the origin', () => {
    expect(routeAccess({ pathname: '/portal', search: '?tab=documents' }, signedOut)).toEqual({
      kind: 'redirect',
      to: '/portal/login',
      state: { from: '/portal?tab=documents' },
    });
    // "/administration" is not an /admin path.
    expect(routeAccess({ pathname: '/administration' }, signedOut)).toMatchObject({ to: '/portal/login' });
  });

  it('says why when the session expired on its own, so the login page can tell the user', () => {
    expect(routeAccess({ pathname: '/portal' }, { ...signedOut, expired: true })).toEqual({
      kind: 'redirect',
      to: '/portal/login',
      state: { from: '/portal', reason: 'session-expired' },
    });
  });

  it('says when a confirmation link’s code could not be exchanged, and leaves the dead code out of the origin', () => {
    expect(routeAccess({ pathname: '/portal', search: '?code=3f2a-stale' }, signedOut)).toEqual({
      kind: 'redirect',
      to: '/portal/login',
      state: { from: '/portal', reason: 'link-failed' },
    });
    expect(
      routeAccess({ pathname: '/portal', search: '?tab=documents&code=3f2a', hash: '#upload' }, signedOut),
    ).toEqual({
      kind: 'redirect',
      to: '/portal/login',
      state: { from: '/portal?tab=documents#upload', reason: 'link-failed' },
    });
  });

  it('says when an e-mailed link was refused (used or expired), and leaves its error out of the origin', () => {
    const hash = '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
    expect(routeAccess({ pathname: '/portal', search: '', hash }, signedOut)).toEqual({
      kind: 'redirect',
      to: '/portal/login',
      state: { from: '/portal', reason: 'link-expired' },
    });
  });

  it('lets any signed-in user through a route that does not require admin', () => {
    expect(routeAccess({ pathname: '/portal' }, applicant)).toEqual({ kind: 'allow' });
    expect(routeAccess({ pathname: '/portal' }, admin)).toEqual({ kind: 'allow' });
  });

  it('lets admins (app_metadata.role) through an admin-only route', () => {
    expect(routeAccess({ pathname: '/admin' }, admin, true)).toEqual({ kind: 'allow' });
  });

  it('sends signed-in non-admins to /portal from an admin-only route, whatever user_metadata says', () => {
    expect(routeAccess({ pathname: '/admin' }, applicant, true)).toEqual({ kind: 'redirect', to: '/portal' });
    expect(routeAccess({ pathname: '/admin' }, selfDeclaredAdmin, true)).toEqual({ kind: 'redirect', to: '/portal' });
  });
});
