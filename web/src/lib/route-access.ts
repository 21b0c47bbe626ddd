import { isAdminSession, type AuthState } from './auth-state.ts';

/**
 * What a protected route carries to its login page: the page the visitor wanted (path, query and hash),
 * and why, when the session expired on its own.
 */
export type RedirectState = { from: string; reason?: 'session-expired' | 'link-failed' | 'link-expired' };

/** What the pre-qualification result gives the sign-up form: the e-mail the application was made with. */
export type SignUpInvitation = { email: string };

/** The e-mail a sign-up was invited with (SignUpInvitation), or '' when the page was opened otherwise. */
export function invitedEmail(state: unknown): string {
  const email = typeof state === 'object' && state !== null ? (state as Partial<SignUpInvitation>).email : undefined;
  return typeof email === 'string' ? email : '';
}

export type RouteAccess =
  { kind: 'wait' } | { kind: 'allow' } | { kind: 'redirect'; to: string; state?: RedirectState };

/** A query string (with or without its '?') without a confirmation link's `code`: '' when nothing else is left. */
export function searchWithoutCode(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('code');
  return params.size > 0 ? `?${params.toString()}` : '';
}

/**
 * The route guard (docs/product.md §2, Route guard): wait while the session loads; signed-out visitors go to
 * /admin/login for /admin paths and /portal/login otherwise, carrying the origin (a confirmation link's
 * unexchangeable `code` becomes the reason 'link-failed' instead, and a refused link's error the reason
 * 'link-expired'); an admin-only route
 * sends a signed-in non-admin to /portal.
 */
export function routeAccess(
  location: { pathname: string; search?: string; hash?: string },
  auth: AuthState,
  adminOnly = false,
): RouteAccess {
  if (!auth.confirmed || auth.status === 'loading') return { kind: 'wait' };
  if (auth.status === 'signed-out' || !auth.session) {
    const isAdminPath = location.pathname === '/admin' || location.pathname.startsWith('/admin/');
    const to = isAdminPath ? '/admin/login' : '/portal/login';
    if (new URLSearchParams(location.search ?? '').has('code')) {
      // A confirmation link's PKCE code that supabase-js could not exchange (opened in another browser, or
      // stale): the login page says so, and the way back leaves the dead code out.
      const from = `${location.pathname}${searchWithoutCode(location.search ?? '')}${location.hash ?? ''}`;
      return { kind: 'redirect', to, state: { from, reason: 'link-failed' } };
    }
    if (new URLSearchParams((location.hash ?? '').replace(/^#/, '')).has('error_code')) {
      // An e-mailed link the server refused (used already, or expired): it sends the browser on with the error
      // in the hash (error_code=otp_expired). The login page says so; the way back leaves the error out.
      return {
        kind: 'redirect',
        to,
        state: { from: `${location.pathname}${location.search ?? ''}`, reason: 'link-expired' },
      };
    }
    const from = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
    const state: RedirectState = auth.expired ? { from, reason: 'session-expired' } : { from };
    return { kind: 'redirect', to, state };
  }
  if (adminOnly && !isAdminSession(auth.session)) return { kind: 'redirect', to: '/portal' };
  return { kind: 'allow' };
}
