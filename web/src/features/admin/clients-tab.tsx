import { Alert, Box, Button, HStack, Input, Stack, Table } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ClientRow } from '../../../../shared/admin/client-row.ts';
import { IMPERSONATION_STORAGE_KEYS } from '../../../../shared/catalogue/accounts.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { ADMIN_MESSAGES, clientResetSentMessage } from '../../../../shared/messages/portal-admin.ts';
import { formatTypedUsPhone } from '../../../../shared/sms/phone-format.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { EmailAddress } from '../../components/email-address.tsx';
import { rowsAsCardsOnPhones } from '../../components/rows-as-cards.ts';
import { useClientsQuery, useResetClientPasswordMutation } from './clients-api.ts';
import { EmptyList } from './list-parts.tsx';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

/** An officer's latest view of the client's portal (Access Portal), as the audit log recorded it. */
function portalViewText(view: NonNullable<ClientRow['last_portal_view']>): string {
  return `${formatLongDate(view.at)} by ${view.by ?? 'an account since deleted'}`;
}

/**
 * The Client Management tab: applicants' accounts, a password-reset e-mail, and viewing their portal (with
 * when an officer last did, and who).
 */
export function ClientsTab() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(search.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [search]);
  const clients = useClientsQuery(query);
  const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const navigate = useNavigate();
  const [resetClientPassword, resetting] = useResetClientPasswordMutation();

  const resetPassword = async (client: ClientRow) => {
    setNotice(null);
    const reset = await resetClientPassword(client.id);
    setNotice(
      reset.error
        ? { status: 'error', text: reset.error.message ?? ADMIN_MESSAGES.clientResetFailed }
        : { status: 'success', text: clientResetSentMessage(client.email) },
    );
  };

  const accessPortal = (client: ClientRow) => {
    try {
      sessionStorage.setItem(IMPERSONATION_STORAGE_KEYS.clientId, client.id);
      sessionStorage.setItem(IMPERSONATION_STORAGE_KEYS.startedAt, new Date().toISOString());
      void navigate('/portal');
    } catch (error) {
      console.error('Could not start viewing the client portal', error);
      setNotice({ status: 'error', text: ADMIN_MESSAGES.clientAccessFailed });
    }
  };

  // The rows of this search (not the previous one's while it loads).
  const rows = clients.currentData ?? [];
  return (
    <Stack gap="4" pt="4">
      <Input
        type="search"
        aria-label="Search clients by e-mail, business or phone"
        placeholder="Search clients by e-mail, business or phone"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        maxW="md"
      />
      {notice ? (
        <Alert.Root status={notice.status} role={notice.status === 'error' ? 'alert' : 'status'}>
          <Alert.Indicator />
          <Alert.Title>{notice.text}</Alert.Title>
        </Alert.Root>
      ) : null}
      {clients.isError && !clients.currentData ? <ErrorAlert message={clients.error.message} /> : null}
      {clients.currentData && rows.length === 0 ? (
        <EmptyList
          title={ADMIN_MESSAGES.noClients}
          hint={query ? ADMIN_MESSAGES.noClientsSearching : ADMIN_MESSAGES.noClientsYet}
        />
      ) : null}
      {rows.length > 0 ? (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label="Clients" css={rowsAsCardsOnPhones}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Business</Table.ColumnHeader>
                <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                <Table.ColumnHeader>Confirmed</Table.ColumnHeader>
                <Table.ColumnHeader>Joined</Table.ColumnHeader>
                <Table.ColumnHeader>Last sign-in</Table.ColumnHeader>
                <Table.ColumnHeader>Phone</Table.ColumnHeader>
                <Table.ColumnHeader>Portal last viewed</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((client) => (
                <Table.Row key={client.id}>
                  <Table.Cell data-label="Business" overflowWrap="anywhere">
                    {client.profile.business_name || 'Not given'}
                  </Table.Cell>
                  <Table.Cell data-label="E-mail" overflowWrap="anywhere">
                    <EmailAddress email={client.email} />
                  </Table.Cell>
                  <Table.Cell data-label="Confirmed">
                    {client.email_confirmed_at ? '✓ Confirmed' : 'Not confirmed'}
                  </Table.Cell>
                  <Table.Cell data-label="Joined" overflowWrap="normal">
                    {formatLongDate(client.created_at)}
                  </Table.Cell>
                  <Table.Cell data-label="Last sign-in" overflowWrap="normal">
                    {client.last_sign_in_at ? formatLongDate(client.last_sign_in_at) : 'Never'}
                  </Table.Cell>
                  <Table.Cell data-label="Phone" overflowWrap="normal">
                    {formatTypedUsPhone(client.profile.phone ?? '') || 'Not given'}
                  </Table.Cell>
                  <Table.Cell data-label="Portal last viewed" overflowWrap="anywhere">
                    {client.last_portal_view ? portalViewText(client.last_portal_view) : 'Never'}
                  </Table.Cell>
                  <Table.Cell data-label="Actions">
                    <HStack gap="2" wrap="wrap">
                      <Button
                        size="xs"
                        variant="outline"
                        loading={resetting.isLoading && resetting.originalArgs === client.id}
                        onClick={() => void resetPassword(client)}
                      >
                        Reset Password
                        <ScreenReaderText> for {client.email}</ScreenReaderText>
                      </Button>
                      <Button size="xs" variant="outline" onClick={() => accessPortal(client)}>
                        Access Portal
                        <ScreenReaderText> of {client.email}</ScreenReaderText>
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : null}
    </Stack>
  );
}
