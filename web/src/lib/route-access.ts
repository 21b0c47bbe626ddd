import { isAdminSession, type AuthState } from './auth-state.ts';

/**
 * What a protected route carries to its login page: the page the visitor wanted (path, query and hash),
 * and why, when the session expired on its own.
 */
export type RedirectState = { from: string; reason?: 'session-expired' };

export type RouteAccess =
  { kind: 'wait' } | { kind: 'allow' } | { kind: 'redirect'; to: string; state?: RedirectState };

/**
 * The route guard of spec section 2: wait while the session loads; signed-out visitors go to
 * /admin/login for /admin paths and /portal/login otherwise, carrying the origin; an admin-only route
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
    const from = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
    const state: RedirectState = auth.expired ? { from, reason: 'session-expired' } : { from };
    return { kind: 'redirect', to: isAdminPath ? '/admin/login' : '/portal/login', state };
  }
  if (adminOnly && !isAdminSession(auth.session)) return { kind: 'redirect', to: '/portal' };
  return { kind: 'allow' };
}
