import { Alert, Box, Button, Container, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import type { DesktopBridge } from '../../shared/ipc/channels.ts';
import { AdminDashboardPage } from '../../web/src/features/admin/admin-dashboard-page.tsx';
import { AdminLoginPage } from '../../web/src/features/admin/admin-login-page.tsx';
import { isAdminSession, signOut, startAuthSync, useAuth } from '../../web/src/lib/auth-state.ts';
import { useDesktopState, type DesktopSession } from './desktop-session.ts';
import { DesktopStatus } from './desktop-status.tsx';
import { keptForAccountText } from './outbox-text.ts';

/**
 * A screen's content, as the web app lays its pages (components/site-layout.tsx): in the window's main landmark,
 * where the web app's global style lets any long word break rather than widen the window (app/theme.ts).
 */
function DesktopMain({ children }: { children: ReactNode }) {
  return <Box as="main">{children}</Box>;
}

/** The admin login sends a signed-in non-admin to /portal, which the desktop app does not have. */
function NotAnAdmin() {
  return (
    <DesktopMain>
      <Container maxW="lg" py="16">
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            This account is not a loan officer
          </Heading>
          <Text>The desktop app is for loan officers. Applicants use the client portal in their browser.</Text>
          <Button alignSelf="start" variant="outline" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Stack>
      </Container>
    </DesktopMain>
  );
}

function Checking() {
  return (
    <Flex justify="center" py="16" minH="100vh">
      <Spinner size="lg" aria-label="Checking your session" />
    </Flex>
  );
}

/**
 * The admin dashboard behind the desktop's own guard. The cache and its queue belong to one account: a
 * signed-in officer sees the dashboard once the cache is theirs (another account's copy is removed first).
 * Without a usable session, the owner's copy stays readable while supabase-js still keeps the owner's session
 * (it could not be renewed: offline); the writes queue, and it signs in again when the server answers.
 */
function DesktopAdmin({ session, bridge }: { session: DesktopSession; bridge: DesktopBridge }) {
  const auth = useAuth();
  const state = useDesktopState(session);
  const admin = auth.status === 'signed-in' && isAdminSession(auth.session) ? (auth.session?.user.id ?? null) : null;
  const owner = state.cache?.owner ?? null;
  useEffect(() => {
    void startAuthSync();
  }, []);
  useEffect(() => {
    if (admin && state.cache && owner !== admin) void session.claim(admin);
  }, [admin, owner, state.cache, session]);

  if (auth.status === 'signed-in' && !admin) return <Navigate to="/portal" replace />;
  const dashboard = (
    <>
      <DesktopStatus session={session} bridge={bridge} />
      <DesktopMain>
        <AdminDashboardPage />
      </DesktopMain>
    </>
  );
  if (admin) return owner === admin ? dashboard : <Checking />;
  const keptSession = owner !== null && state.keptAccount === owner;
  // While supabase-js renews an expired session (it retries for half a minute when the server is unreachable),
  // the owner's copy is shown at once when offline.
  if (keptSession && (auth.status === 'signed-out' || (state.checked && !state.online))) return dashboard;
  if (auth.status === 'loading' || !auth.confirmed) return <Checking />;
  return <Navigate to="/admin/login" replace state={{ from: '/admin' }} />;
}

/** Above the login: changes queued on this computer wait for the account that made them, said plainly. */
function KeptChanges({ session }: { session: DesktopSession }) {
  const state = useDesktopState(session);
  const kept = state.outbox.filter((entry) => entry.state === 'pending').length + (state.cache?.othersQueued ?? 0);
  if (kept === 0) return null;
  return (
    <Container maxW="md" pt="8">
      <Alert.Root status="info" role="status" data-testid="kept-changes">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{keptForAccountText(kept)}</Alert.Title>
        </Alert.Content>
      </Alert.Root>
    </Container>
  );
}

/** The desktop app's screens: web's admin feature, unchanged, with the desktop's status above it. */
export function DesktopApp({ session, bridge }: { session: DesktopSession; bridge: DesktopBridge }) {
  useEffect(() => {
    void session.start();
    return () => session.stop();
  }, [session]);
  return (
    <HashRouter>
      <Routes>
        <Route
          path="admin/login"
          element={
            <DesktopMain>
              <KeptChanges session={session} />
              <AdminLoginPage />
            </DesktopMain>
          }
        />
        <Route path="admin" element={<DesktopAdmin session={session} bridge={bridge} />} />
        <Route path="portal" element={<NotAnAdmin />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </HashRouter>
  );
}
