import { Flex, Spinner } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { startAuthSync, useAuth } from '../lib/auth-state.ts';
import { routeAccess } from '../lib/route-access.ts';

/**
 * Protects a route (docs/product.md §2, Route guard): a spinner while the session loads, then the page,
 * or a redirect to the right login page carrying the origin in router state (`{ from }`, see
 * RedirectState). `adminOnly` sends signed-in non-admins to /portal. Use it as a layout route element
 * (renders the child routes) or around one element.
 */
export function RouteGuard({
  adminOnly = false,
  preload,
  children,
}: {
  adminOnly?: boolean;
  /** Fetches the protected page's code while the session is checked, rather than after. */
  preload?: () => void;
  children?: ReactNode;
}) {
  const auth = useAuth();
  const location = useLocation();
  useEffect(() => {
    void startAuthSync();
    preload?.();
  }, [preload]);
  const access = routeAccess(location, auth, adminOnly);
  if (access.kind === 'wait') {
    return (
      // As tall as the screen, as the page's own loading state is: the footer does not jump up while the
      // session is checked and down again when the page arrives (a layout shift a test caught now and then).
      <Flex justify="center" py="16" minH="100vh">
        <Spinner size="lg" aria-label="Checking your session" />
      </Flex>
    );
  }
  if (access.kind === 'redirect') return <Navigate to={access.to} replace state={access.state} />;
  return children ?? <Outlet />;
}
