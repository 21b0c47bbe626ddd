import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import type { DesktopBridge } from '../../shared/ipc/channels.ts';
import { RouteGuard } from '../../web/src/components/route-guard.tsx';
import { AdminDashboardPage } from '../../web/src/features/admin/admin-dashboard-page.tsx';
import { AdminLoginPage } from '../../web/src/features/admin/admin-login-page.tsx';
import { signOut } from '../../web/src/lib/auth-state.ts';
import type { DesktopSession } from './desktop-session.ts';
import { DesktopStatus } from './desktop-status.tsx';

/** The admin login sends a signed-in non-admin to /portal, which the desktop app does not have. */
function NotAnAdmin() {
  return (
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
  );
}

/** The desktop app's screens: web's admin feature, unchanged, with the desktop's status above it. */
export function DesktopApp({ session, bridge }: { session: DesktopSession; bridge: DesktopBridge }) {
  return (
    <HashRouter>
      <Routes>
        <Route path="admin/login" element={<AdminLoginPage />} />
        <Route
          path="admin"
          element={
            <RouteGuard adminOnly>
              <DesktopStatus session={session} bridge={bridge} />
              <AdminDashboardPage />
            </RouteGuard>
          }
        />
        <Route path="portal" element={<NotAnAdmin />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </HashRouter>
  );
}
