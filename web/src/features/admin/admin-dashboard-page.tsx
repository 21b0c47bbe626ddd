import { Button, Container, Heading, HStack, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { ImpersonationBanner } from '../../components/impersonation-banner.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { logout, useAuth } from '../../lib/auth-state.ts';
import { api, useApiDispatch } from '../../lib/api.ts';
import { readImpersonation } from '../../lib/impersonation.ts';
import { useAnnouncer } from '../../lib/announce.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { withChanges } from '../../lib/search-params.ts';
import { useRefreshDataMutation } from './admin-api.ts';
import { ApplicationsTab } from './applications-tab.tsx';
import { ClientsTab } from './clients-tab.tsx';
import { LendersTab } from './lenders-tab.tsx';
import { OverduePackages, useOverdueNoticeSettled } from './overdue-packages.tsx';
import { RegistrationsTab } from './registrations-tab.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

const dashboardViews = ['applications', 'clients', 'registrations', 'lenders'] as const;
type DashboardView = (typeof dashboardViews)[number];

/**
 * The dashboard's open tab, in the address (`?view=lenders`; none for Applications): a reload keeps it, and
 * Back returns to the tab before. The Applications tab's own settings stay in the address meanwhile.
 */
function useDashboardView(): [DashboardView, (view: string) => void] {
  const [params, setParams] = useSearchParams();
  const viewOf = (asked: string | null) => dashboardViews.find((option) => option === asked) ?? 'applications';
  const view = viewOf(params.get('view'));
  const setView = (asked: string) =>
    setParams((current) => {
      const next = viewOf(asked);
      return withChanges(current, { view: next === 'applications' ? null : next });
    });
  return [view, setView];
}

/** The admin dashboard (docs/product.md §2, Admin dashboard): the loan officer's applications. */
export function AdminDashboardPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const dispatch = useApiDispatch();
  const [refresh] = useRefreshDataMutation();
  const [view, setView] = useDashboardView();
  // Decisions and reviews are announced: the live region is there, empty, before the first.
  useAnnouncer();
  // Busy from the click until the screens have read everything again (the refresh, then the reads it starts).
  const [refreshing, whileRefreshing] = useBusy();
  const refreshAll = async () => {
    await refresh();
    await Promise.all(dispatch(api.util.getRunningQueriesThunk()));
  };
  const [loggingOut, whileLoggingOut] = useBusy();
  const [logoutFailed, setLogoutFailed] = useState(false);
  const [impersonation, setImpersonation] = useState(readImpersonation);
  const noticeSettled = useOverdueNoticeSettled();
  const onLogout = async () => {
    setLogoutFailed(false);
    const outcome = await logout();
    if (outcome === 'signed-out') await navigate('/admin/login');
    else if (outcome === 'failed') setLogoutFailed(true);
  };
  return (
    <>
      <PageMeta title="Admin Dashboard" description="Review applications, decide and follow every step." />
      <meta name="robots" content="noindex" />
      <Container maxW="7xl" py={{ base: '6', md: '10' }}>
        <Stack gap="6">
          {impersonation ? (
            <ImpersonationBanner impersonation={impersonation} onExited={() => setImpersonation(null)} />
          ) : null}
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Heading as="h1" size="3xl">
              Admin Dashboard
            </Heading>
            <HStack gap="2">
              <Button variant="outline" loading={refreshing} onClick={() => void whileRefreshing(refreshAll)}>
                Refresh Data
              </Button>
              <Button variant="outline" loading={loggingOut} onClick={() => void whileLoggingOut(onLogout)}>
                Logout
              </Button>
            </HStack>
          </HStack>
          {logoutFailed ? <ErrorAlert message={ADMIN_MESSAGES.logoutFailed} /> : null}
          <OverduePackages />
          {/* Kept out of sight, not out of the page, until the notice above is in place: the open tab reads meanwhile. */}
          <Tabs.Root
            value={view}
            onValueChange={(details) => setView(details.value)}
            lazyMount
            visibility={noticeSettled ? undefined : 'hidden'}
          >
            {/* On a phone the tabs wrap onto a second line rather than break inside their words. */}
            <Tabs.List flexWrap="wrap">
              <Tabs.Trigger value="applications" overflowWrap="normal">
                Applications
              </Tabs.Trigger>
              <Tabs.Trigger value="clients" overflowWrap="normal">
                Client Management
              </Tabs.Trigger>
              <Tabs.Trigger value="registrations" overflowWrap="normal">
                Registrations
              </Tabs.Trigger>
              <Tabs.Trigger value="lenders" overflowWrap="normal">
                Lenders
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="applications">
              <ApplicationsTab me={auth.session?.user.id} />
            </Tabs.Content>
            <Tabs.Content value="clients">
              <ClientsTab />
            </Tabs.Content>
            <Tabs.Content value="registrations">
              <RegistrationsTab />
            </Tabs.Content>
            <Tabs.Content value="lenders">
              <LendersTab />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </Container>
    </>
  );
}
