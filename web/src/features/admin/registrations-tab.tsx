import { Box, Button, HStack, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE, applicationListOf, officerStatusLabel } from '../../../../shared/admin/application-lists.ts';
import { SEARCH_MAX_LENGTH } from '../../../../shared/admin/application-search.ts';
import type { RegistrationRow } from '../../../../shared/db/admin-rows.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { withChanges } from '../../lib/search-params.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { EmailAddress } from '../../components/email-address.tsx';
import { rowsAsCardsOnPhones } from '../../components/rows-as-cards.ts';
import { EmptyList, Pager } from './list-parts.tsx';
import { useRegistrationsQuery, type LinkedApplication } from './registrations-api.ts';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

/** A website as a link: the registration form takes it with or without 'https://'. */
function websiteHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/** 'Main St 12, Suite 4, Austin, TX 78701' */
function addressText(row: RegistrationRow): string {
  return [row.address, row.suite, row.city, `${row.state} ${row.zip_code}`].filter((part) => part !== '').join(', ');
}

/**
 * The Registrations tab (not in the original description, which only logs registrations; docs/architecture.md,
 * Departure 4 stores them): the businesses that registered, newest first, with their primary contact, and whether
 * an application was made with the contact's e-mail (View opens it in the Applications tab). Searched by business,
 * contact, e-mail, mobile or city, and paged by the database.
 */
export function RegistrationsTab() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQuery(search.trim());
      setPage(0);
    }, 250);
    return () => window.clearTimeout(timer);
  }, [search]);
  const result = useRegistrationsQuery({ search: query, page });
  // The rows of this search and page (not the previous one's while it loads).
  const rows = result.currentData?.rows ?? [];
  const total = result.currentData?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));

  const openApplication = (application: LinkedApplication) =>
    setParams(
      withChanges(params, {
        view: null,
        list: applicationListOf(application),
        application: application.id,
        q: null,
        page: null,
      }),
    );

  return (
    <Stack gap="4" pt="4">
      <Input
        type="search"
        aria-label="Search registrations by business, contact, e-mail, mobile or city"
        placeholder="Search registrations by business, contact, e-mail, mobile or city"
        value={search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => setSearch(event.target.value)}
        maxW="lg"
      />
      {result.isError && !result.currentData ? <ErrorAlert message={result.error.message} /> : null}
      {result.currentData && rows.length === 0 ? (
        <EmptyList
          title={ADMIN_MESSAGES.noRegistrations}
          hint={query ? ADMIN_MESSAGES.noClientsSearching : ADMIN_MESSAGES.noRegistrationsYet}
        />
      ) : null}
      {rows.length > 0 ? (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label="Business registrations" css={rowsAsCardsOnPhones}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Business</Table.ColumnHeader>
                <Table.ColumnHeader>Address</Table.ColumnHeader>
                <Table.ColumnHeader>Started</Table.ColumnHeader>
                <Table.ColumnHeader>Primary contact</Table.ColumnHeader>
                <Table.ColumnHeader>Registered</Table.ColumnHeader>
                <Table.ColumnHeader>Application</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => {
                const application = result.currentData?.applications[row.contact_email.toLowerCase()];
                return (
                  <Table.Row key={row.id}>
                    <Table.Cell data-label="Business" overflowWrap="anywhere">
                      <Text fontWeight="semibold">{row.legal_business_name}</Text>
                      {row.no_website ? (
                        <Text color="gray.600">No website</Text>
                      ) : (
                        <Link
                          href={websiteHref(row.website_url)}
                          target="_blank"
                          rel="noopener noreferrer"
                          colorPalette="blue"
                        >
                          {row.website_url}
                        </Link>
                      )}
                    </Table.Cell>
                    <Table.Cell data-label="Address" overflowWrap="anywhere">
                      {addressText(row)}
                    </Table.Cell>
                    <Table.Cell data-label="Started" overflowWrap="normal">
                      {formatLongDate(row.business_start_date, 'UTC')}
                    </Table.Cell>
                    <Table.Cell data-label="Primary contact" overflowWrap="anywhere">
                      <Text>{row.contact_name}</Text>
                      <Link href={`mailto:${row.contact_email}`} colorPalette="blue" display="block">
                        <EmailAddress email={row.contact_email} />
                      </Link>
                      <Link href={`tel:${row.contact_mobile}`} colorPalette="blue" display="block">
                        {row.contact_mobile}
                      </Link>
                    </Table.Cell>
                    <Table.Cell data-label="Registered" overflowWrap="normal">
                      {formatLongDate(row.created_at)}
                    </Table.Cell>
                    <Table.Cell data-label="Application">
                      {application ? (
                        <HStack gap="2" wrap="wrap">
                          <Text>
                            {officerStatusLabel(application)}, {formatLongDate(application.created_at)}
                          </Text>
                          <Button size="xs" variant="outline" onClick={() => openApplication(application)}>
                            View
                            <ScreenReaderText> the application of {row.legal_business_name}</ScreenReaderText>
                          </Button>
                        </HStack>
                      ) : (
                        <Text color="gray.600">None yet</Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : null}
      {total > ADMIN_PAGE_SIZE ? (
        <Pager page={page} pages={pages} total={total} noun={['registration', 'registrations']} onPage={setPage} />
      ) : null}
    </Stack>
  );
}
