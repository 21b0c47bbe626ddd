import { Badge, Box, Button, Heading, HStack, Input, NativeSelect, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { memo, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchParamsUpdate, type UpdateSearchParams } from '../../lib/search-params.ts';
import { optionLabel } from '../../../../shared/catalogue/fields.ts';
import { loanAmountOptions } from '../../../../shared/catalogue/pre-qualification.ts';
import { formatLongDate, isoDay } from '../../../../shared/format/dates.ts';
import { formatCount } from '../../../../shared/format/numbers.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { offerExpiryFlag, pipelineStatus } from '../../../../shared/offers/loan-stages.ts';
import { APPLICATION_OWNERSHIP } from '../../../../shared/messages/portal-admin.ts';
import {
  ADMIN_PAGE_SIZE,
  applicationListIds,
  applicationListOf,
  applicationLists,
  applicationSortIds,
  applicationSorts,
  documentsFilterLabels,
  documentsFilters,
  type ApplicationListId,
  type ApplicationSortId,
} from '../../../../shared/admin/application-lists.ts';
import { SEARCH_MAX_LENGTH } from '../../../../shared/admin/application-search.ts';
import { officerReasonsOf } from '../../../../shared/evaluation/officer-reasons.ts';
import { checklistStateLabels, checklistSummary } from '../../../../shared/checklist/document-checklist.ts';
import { EmailAddress } from '../../components/email-address.tsx';
import { rowsAsCardsOnPhones } from '../../components/rows-as-cards.ts';
import { useApplicationDetailQuery, useApplicationListCountsQuery, useApplicationsPageQuery } from './admin-api.ts';
import { queuedDecisionText, type QueuedDecision } from './admin-repository.ts';
import { ApplicationDetailPanel } from './application-detail.tsx';
import { ApprovedSummary } from './approved-summary.tsx';
import { Pager } from './list-parts.tsx';
import { rowsToDraw } from './rows-in-steps.ts';
import { PipelineFigures } from './pipeline-figures.tsx';
import { DecisionButtons } from './decision-dialog.tsx';
import { LetterDialog } from './letter-dialog.tsx';
import { TermSheetDialog } from './term-sheet-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

/** Waits until typing pauses before searching, so each keystroke is not a query. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The Applications tab: the four lists, searched, sorted and paged by the database, and the detail. The list,
 * the search, the sort, the page and the open application are in the address, so switching lists keeps the
 * search and the sort (each list starts at its first page), and a reload or Back finds the same view.
 */
export function ApplicationsTab({ me }: { me: string | undefined }) {
  const [params, update] = useSearchParamsUpdate();
  // An address naming no list (or one that does not exist, such as an old bookmark) opens Pending.
  const asked = params.get('list');
  const list: ApplicationListId = applicationListIds.find((id) => id === asked) ?? 'pending';
  const selected = params.get('application');
  // The View button that opened the detail: 'Close detail' gives it the focus back.
  const opener = useRef<HTMLElement | null>(null);
  // The search field answers each keystroke; the address (and the query) take the search once typing pauses. It
  // is the tab's, not a list's: switching lists while typing keeps what was typed.
  const addressed = params.get('q') ?? '';
  const [search, setSearch] = useState(addressed);
  const query = useDebounced(search, 250);
  // An address that opens an application (a link in an e-mail, written when the application was elsewhere) shows
  // the list it is in now: an approved application may have moved to the Pipeline since. Only on arrival: an
  // application decided while its detail is open stays over the list the officer chose.
  const [arrivedAt] = useState(selected);
  const aligned = useRef(false);
  // Read while that application is open (the detail reads the same, once); not after, when nothing needs it.
  const arrived = useApplicationDetailQuery(arrivedAt && selected === arrivedAt ? arrivedAt : skipToken);
  useEffect(() => {
    if (aligned.current || !arrived.data) return;
    aligned.current = true;
    const belongs = applicationListOf(arrived.data.application);
    if (belongs !== list) update({ list: belongs, page: null }, { replace: true });
  }, [arrived.data]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the linked application is read
  // The same function for every render (as update is), so that the list's rows, memoized, are not drawn again for
  // each keystroke of the search.
  const openApplication = useCallback(
    (id: string, button: HTMLElement) => {
      opener.current = button;
      update({ application: id });
    },
    [update],
  );
  // Each tab says how many applications its list holds (none until read, or when the count failed: the list
  // itself says so).
  const counts = useApplicationListCountsQuery().currentData;
  useEffect(() => {
    // Typing is not a step of the browser's history: the settled search replaces the address.
    if (query !== addressed) update({ q: query || null, page: null }, { replace: true });
  }, [query]); // eslint-disable-line react-hooks/exhaustive-deps -- only a settled search writes the address
  return (
    <Stack gap="5">
      <Tabs.Root
        value={list}
        onValueChange={(details) => update({ list: details.value, application: null, page: null })}
      >
        <Tabs.List flexWrap="wrap">
          {applicationLists.map((option) => (
            <Tabs.Trigger key={option.id} value={option.id} overflowWrap="normal">
              {counts ? `${option.title} (${formatCount(counts[option.id])})` : option.title}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {applicationLists.map((option) => (
          <Tabs.Content key={option.id} value={option.id}>
            {option.id === list ? (
              <ApplicationList
                list={list}
                params={params}
                update={update}
                search={search}
                onSearch={setSearch}
                query={query}
                onOpen={openApplication}
              />
            ) : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {selected ? (
        <ApplicationDetailPanel
          id={selected}
          me={me}
          onClose={() => {
            update({ application: null });
            if (opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
          onOpen={(id) => update({ application: id })}
        />
      ) : null}
    </Stack>
  );
}

function ApplicationList({
  list,
  params,
  update,
  search,
  onSearch,
  query,
  onOpen,
}: {
  list: ApplicationListId;
  params: URLSearchParams;
  update: UpdateSearchParams;
  /** What the search field holds, and the search once typing paused (the one asked for). */
  search: string;
  onSearch: (text: string) => void;
  query: string;
  onOpen: (id: string, button: HTMLElement) => void;
}) {
  const addressed = params.get('q') ?? '';
  const askedSort = params.get('sort');
  const sort: ApplicationSortId = applicationSortIds.find((id) => id === askedSort) ?? 'newest';
  // A new search starts again at the first page (at once, before the address has caught up).
  const page = query === addressed ? Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0) : 0;
  const setPage = (next: number) => update({ page: next === 0 ? null : String(next + 1) });
  const askedDocuments = params.get('documents');
  const documents = documentsFilters.find((filter) => filter === askedDocuments);
  const result = useApplicationsPageQuery({ list, search: query, sort, page, documents });
  // A failed read shows no rows: the last ones read were for another search or page.
  const data = result.isError ? undefined : result.data;
  const title = applicationLists.find((option) => option.id === list)!.title;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  useEffect(() => {
    // Past the last page (its last row was just decided, or an old link): the last page instead.
    if (result.currentData && page >= pages) update({ page: pages === 1 ? null : String(pages) }, { replace: true });
  }, [result.currentData, page, pages, update]);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useCallback(() => listHeading.current, []);
  // The approved application whose Financial Analysis and Bank Packages are open under its row.
  const [summaryOf, setSummaryOf] = useState<string | null>(null);
  const rows = data?.rows ?? noRows;
  const shownRows = rowsToDraw(rows, useDeferredValue(rows));
  const heading = (
    <Heading as="h2" size="lg" ref={listHeading} tabIndex={-1} outline="none">
      {title}
    </Heading>
  );
  // The list's search, filters and table are drawn in a second render, after the one that starts its read: the
  // read is sent at once, and the page is drawn while the database answers.
  const drawn = useDeferredValue(true, false);
  if (!drawn) {
    return (
      <Stack gap="4" pt="4">
        {heading}
      </Stack>
    );
  }
  return (
    <Stack gap="4" pt="4">
      {heading}
      <HStack gap="3" wrap="wrap">
        <Input
          type="search"
          aria-label="Search by business, name or e-mail"
          placeholder="Search by business, name or e-mail"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          maxLength={SEARCH_MAX_LENGTH}
          maxW="sm"
        />
        <NativeSelect.Root maxW="xs">
          <NativeSelect.Field
            aria-label="Sort"
            value={sort}
            // A new sort starts again at the first page.
            onChange={(event) =>
              update({ sort: event.target.value === 'newest' ? null : event.target.value, page: null })
            }
          >
            {applicationSorts.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
        <NativeSelect.Root maxW="xs">
          <NativeSelect.Field
            aria-label="Documents"
            value={documents ?? ''}
            // A new filter starts again at the first page.
            onChange={(event) => update({ documents: event.target.value || null, page: null })}
          >
            <option value="">All documents</option>
            {documentsFilters.map((filter) => (
              <option key={filter} value={filter}>
                {documentsFilterLabels[filter]}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
      </HStack>
      {list === 'pipeline' ? <PipelineFigures /> : null}
      {result.isError ? <ErrorAlert message={result.error.message} /> : null}
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={title} aria-busy={result.isFetching} css={rowsAsCardsOnPhones}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Business</Table.ColumnHeader>
              <Table.ColumnHeader>Submitted by</Table.ColumnHeader>
              <Table.ColumnHeader>E-mail</Table.ColumnHeader>
              <Table.ColumnHeader>Loan amount</Table.ColumnHeader>
              <Table.ColumnHeader>Submitted</Table.ColumnHeader>
              <Table.ColumnHeader>Consultation</Table.ColumnHeader>
              <Table.ColumnHeader>Documents</Table.ColumnHeader>
              {list === 'notQualified' ? <Table.ColumnHeader>Evaluation</Table.ColumnHeader> : null}
              {list === 'pipeline' ? <Table.ColumnHeader>Stage</Table.ColumnHeader> : null}
              <Table.ColumnHeader>Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shownRows.map((row) => (
              <ApplicationListRow
                key={row.id}
                row={row}
                list={list}
                queued={data?.queuedDecisions?.[row.id]}
                summaryOpen={summaryOf === row.id}
                onSummary={setSummaryOf}
                onOpen={onOpen}
                focusAfter={focusHeading}
              />
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {data && total === 0 ? (
        <Text color="gray.600" overflowWrap="anywhere">
          {/* A search that found nothing names itself: the officer sees what to change. */}
          {query.trim() ? `No applications here match “${query.trim()}”.` : 'No applications here.'}
        </Text>
      ) : null}
      <Pager page={page} pages={pages} total={total} noun={['application', 'applications']} onPage={setPage} />
    </Stack>
  );
}

const noRows: ApplicationRow[] = [];

/**
 * One application in a list: its row, and under an approved one its Financial Analysis and Bank Packages when
 * opened. Memoized: the list draws again for each keystroke of the search and each read that answers, its rows
 * only when they change.
 */
const ApplicationListRow = memo(function ApplicationListRow({
  row,
  list,
  queued,
  summaryOpen,
  onSummary,
  onOpen,
  focusAfter,
}: {
  row: ApplicationRow;
  list: ApplicationListId;
  /** Its decision waiting to be sent (desktop, offline). */
  queued: QueuedDecision | undefined;
  summaryOpen: boolean;
  onSummary: (id: string | null) => void;
  onOpen: (id: string, button: HTMLElement) => void;
  /** Where the keyboard goes once the row is decided (the list's heading). */
  focusAfter: () => HTMLElement | null;
}) {
  return (
    <>
      <Table.Row>
        <Table.Cell data-label="Business" overflowWrap="anywhere">
          {row.business_name}
          {/* Made signed out in someone's e-mail, who said in their portal that they did not make it. */}
          {row.disowned_at ? (
            <Badge colorPalette="orange" ms="2" whiteSpace="normal">
              {APPLICATION_OWNERSHIP.disownedBadge}
            </Badge>
          ) : null}
          <OfferExpiryBadge row={row} />
        </Table.Cell>
        {/* Names, like the business and the e-mail, may be one long word: it breaks rather than widen the list. */}
        <Table.Cell data-label="Submitted by" overflowWrap="anywhere">
          {row.first_name} {row.last_name}
        </Table.Cell>
        <Table.Cell data-label="E-mail" overflowWrap="anywhere">
          <EmailAddress email={row.email} />
        </Table.Cell>
        {/* Amounts and dates break between words only ('$250,000 -' / '$500,000'), never inside one. */}
        <Table.Cell data-label="Loan amount" overflowWrap="normal">
          {optionLabel(loanAmountOptions, row.loan_amount)}
        </Table.Cell>
        <Table.Cell data-label="Submitted" overflowWrap="normal">
          {formatLongDate(row.created_at)}
        </Table.Cell>
        <Table.Cell data-label="Consultation" overflowWrap="normal">
          {row.consultation_date ? formatLongDate(row.consultation_date) : 'Not scheduled'}
        </Table.Cell>
        <Table.Cell data-label="Documents">
          {row.checklist_counts && row.checklist_state ? (
            <>
              <Text as="span" fontWeight="medium">
                {checklistStateLabels[row.checklist_state]}
              </Text>
              <Text fontSize="sm" color="gray.700">
                {checklistSummary(row.checklist_counts)}
              </Text>
            </>
          ) : null}
        </Table.Cell>
        {list === 'notQualified' ? (
          <Table.Cell data-label="Evaluation">{officerReasonsOf(row).join('; ')}</Table.Cell>
        ) : null}
        {list === 'pipeline' ? <PipelineCell row={row} /> : null}
        <Table.Cell data-label="Actions">
          <HStack gap="2" wrap="wrap">
            <Button size="xs" variant="outline" onClick={(event) => onOpen(row.id, event.currentTarget)}>
              View
              <ScreenReaderText> {row.business_name}</ScreenReaderText>
            </Button>
            {list === 'pending' ? (
              <>
                <LetterDialog application={row} />
                {/* Decided offline (desktop): shown as made, so it cannot be decided twice. */}
                {queued ? (
                  <Text fontSize="sm" data-testid="queued-decision">
                    {queuedDecisionText(queued)}
                  </Text>
                ) : (
                  <DecisionButtons applicationId={row.id} businessName={row.business_name} focusAfter={focusAfter} />
                )}
              </>
            ) : null}
            {/* docs/product.md §2, Admin dashboard: an approved application's row carries its 'Accept &
              Generate Term Sheet' button, its Financial Analysis card grid and its Bank Packages list (opened under
              the row). */}
            {list === 'approved' ? (
              <>
                <TermSheetDialog application={row} />
                <Button
                  size="xs"
                  variant="outline"
                  aria-expanded={summaryOpen}
                  aria-controls={summaryOpen ? `approved-summary-${row.id}` : undefined}
                  onClick={() => onSummary(summaryOpen ? null : row.id)}
                >
                  {summaryOpen ? 'Hide' : 'Show'} Financial Analysis & Bank Packages
                  <ScreenReaderText> of {row.business_name}</ScreenReaderText>
                </Button>
              </>
            ) : null}
          </HStack>
        </Table.Cell>
      </Table.Row>
      {list === 'approved' && summaryOpen ? (
        <Table.Row>
          {/* Across the Approved list's eight columns. */}
          <Table.Cell colSpan={8}>
            <Box
              as="section"
              id={`approved-summary-${row.id}`}
              aria-label={`Financial Analysis and Bank Packages of ${row.business_name}`}
            >
              <ApprovedSummary id={row.id} />
            </Box>
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
  );
});

/** An offer of the application about to expire, for the officer to call the applicant (docs/product.md §11). */
function OfferExpiryBadge({ row }: { row: ApplicationRow }) {
  const flag = offerExpiryFlag(row, isoDay(new Date()));
  return flag ? (
    <Badge colorPalette="orange" ms="2" whiteSpace="normal">
      {flag.label}
    </Badge>
  ) : null;
}

/** A Pipeline row's stage, its days in it, and a closing past its expected day (docs/product.md §11). */
function PipelineCell({ row }: { row: ApplicationRow }) {
  const status = pipelineStatus(row, new Date(), isoDay(new Date()));
  return (
    <Table.Cell data-label="Stage">
      {status ? (
        <>
          <Text as="span" fontWeight="medium">
            {status.label}
          </Text>
          {/* A funded loan, or one that did not close, stays so: days there would count nothing. */}
          {row.loan_stage === 'funded' || row.loan_stage === 'did_not_close' ? null : (
            <Text fontSize="sm" color="gray.700">
              {status.days === 1 ? '1 day' : `${status.days} days`} in this stage
            </Text>
          )}
          {status.closingOverdue ? (
            <Badge colorPalette="red" whiteSpace="normal">
              Closing overdue
            </Badge>
          ) : null}
        </>
      ) : null}
    </Table.Cell>
  );
}
