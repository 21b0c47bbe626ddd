import { useEffect, useId, useRef } from 'react';
import { Box, Button, Heading, List, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { additionalInfoAnswerText, additionalInfoSections } from '../../../../shared/catalogue/additional-info.ts';
import { optionLabel } from '../../../../shared/catalogue/fields.ts';
import { loanAmountOptions } from '../../../../shared/catalogue/pre-qualification.ts';
import { officerStatusLabel } from '../../../../shared/admin/application-lists.ts';
import { officerReasonsOf } from '../../../../shared/evaluation/officer-reasons.ts';
import { auditEntryActor, auditEntryText } from '../../../../shared/admin/audit-actions.ts';
import { applicationAnswers } from '../../../../shared/application/application-answers.ts';
import { additionalInfoFormFromSections } from '../../../../shared/db/additional-info.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { formatUsd } from '../../../../shared/format/money.ts';
import { preApplicationLetterFileName, termSheetFileName } from '../../../../shared/summary/file-names.ts';
import { applicationEventText, eventNoteLabel, officerEventLabels } from '../../../../shared/status/timeline.ts';
import { useApplicationDetailQuery, useOpenDocumentMutation } from './admin-api.ts';
import {
  checklistInputOf,
  queuedDecisionText,
  type ApplicationDetail,
  type OtherApplication,
} from './admin-repository.ts';
import { BankPackages } from './bank-packages.tsx';
import { DecisionButtons } from './decision-dialog.tsx';
import { FinancialAnalysis } from './financial-analysis.tsx';
import { LenderMatches } from './lender-matches.tsx';
import { useLenderNetworkQuery } from './lender-network-api.ts';
import { LetterDialog, letterPdf } from './letter-dialog.tsx';
import { DocumentChecklist } from './document-checklist.tsx';
import { LoanSection } from './loan-section.tsx';
import { GeneratedDocuments } from './generated-documents.tsx';
import { TermSheetDialog, termSheetPdf } from './term-sheet-dialog.tsx';
import { ApplicationNotes } from './application-notes.tsx';
import { TextsLog } from './texts-log.tsx';
import { actor, when } from './who-and-when.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';

/** An application's detail: answers, evaluation, documents, additional information, notes, timeline and audit. */
export function ApplicationDetailPanel({
  id,
  me,
  onClose,
  onOpen,
}: {
  id: string;
  me: string | undefined;
  onClose: () => void;
  /** Opens another application's detail in place of this one (the applicant's other applications). */
  onOpen: (id: string) => void;
}) {
  const detail = useApplicationDetailQuery(id);
  return (
    <Box as="section" aria-label="Application detail" borderWidth="1px" borderRadius="md" p="5">
      <Button size="xs" variant="ghost" onClick={onClose} mb="2">
        Close detail
      </Button>
      {detail.currentData ? (
        <DetailContent key={id} detail={detail.currentData} me={me} onOpen={onOpen} />
      ) : detail.isError ? (
        <ErrorAlert message={detail.error.message} />
      ) : (
        <Spinner aria-label="Loading the application" />
      )}
    </Box>
  );
}

function DetailContent({
  detail,
  me,
  onOpen,
}: {
  detail: ApplicationDetail;
  me: string | undefined;
  onOpen: (id: string) => void;
}) {
  const { application } = detail;
  const evaluation = application.evaluation_result as { qualified?: boolean };
  // In the officer's words; the stored reasons are the applicant's.
  const unmet = officerReasonsOf(application);
  const info = detail.additionalInfo ? additionalInfoFormFromSections(detail.additionalInfo) : null;
  const [openDocument, opened] = useOpenDocumentMutation();
  const auditLogHeadingId = useId();
  // The same query the Lender Matches section reads (one request): the audit log names the lenders by it, and
  // the reviewed files by the detail's own documents.
  const network = useLenderNetworkQuery(application.id);
  const auditNames = {
    consents: network.data?.consents ?? [],
    lenders: network.data?.lenders ?? [],
    reviews: detail.reviews,
    documents: detail.documents,
    offers: detail.offers,
    packages: detail.bankPackages,
  };
  // Opening the detail brings it into view and moves the focus to its heading (a disclosure's content).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Stack gap="6">
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
        <Box>
          <Heading as="h2" size="xl" overflowWrap="anywhere" ref={heading} tabIndex={-1}>
            {application.business_name}
          </Heading>
          <Text color="gray.600">
            Submitted {formatLongDate(application.created_at)} · status {officerStatusLabel(application)}
          </Text>
          {application.user_id && application.confirmed_by_applicant_at === null ? (
            // Made signed out in an account holder's e-mail: nothing of theirs reaches it until they confirm it.
            <Text fontWeight="medium" color="orange.800">
              Made without signing in: the applicant has not yet confirmed in their portal that it is theirs, so their
              documents and information cannot reach it until they do.
            </Text>
          ) : null}
          {application.disowned_at ? (
            // Made signed out in someone's e-mail: its holder said in their portal that they did not make it.
            <Text fontWeight="medium" color="orange.800" overflowWrap="anywhere">
              On {formatLongDate(application.disowned_at)}, the holder of {application.email} said that they did not
              make this application.
            </Text>
          ) : null}
          {detail.queuedDecision ? (
            <Text fontWeight="medium" data-testid="queued-decision">
              {queuedDecisionText(detail.queuedDecision)}
            </Text>
          ) : null}
        </Box>
        <Stack direction="row" gap="2" wrap="wrap" align="flex-start">
          {/* A letter saying the business may be eligible: never for a declined application. */}
          {application.status !== 'rejected' ? <LetterDialog application={application} /> : null}
          {application.status === 'approved' ? <TermSheetDialog application={application} /> : null}
          {application.status === 'pending' && !detail.queuedDecision ? (
            <DecisionButtons
              applicationId={application.id}
              businessName={application.business_name}
              focusAfter={() => heading.current}
            />
          ) : null}
        </Stack>
      </Stack>

      <OtherApplications applications={detail.otherApplications} onOpen={onOpen} />

      <Box>
        <Heading as="h3" size="md" mb="2">
          Answers
        </Heading>
        <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gapX="6" gapY="2">
          {applicationAnswers(application).map((answer) => (
            <Box key={answer.field}>
              <Text as="dt" fontSize="sm" color="gray.600">
                {answer.label}
              </Text>
              <Text as="dd" overflowWrap="anywhere">
                {answer.value}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Box>

      <Box>
        <Heading as="h3" size="md" mb="2">
          Evaluation
        </Heading>
        <Text>{evaluation.qualified ? 'Qualified' : 'Not qualified'}</Text>
        {unmet.length > 0 ? (
          <List.Root ps="5">
            {unmet.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List.Root>
        ) : null}
      </Box>

      <FinancialAnalysis application={application} additionalInfo={info} />

      <LenderMatches application={application} />

      <GeneratedDocuments
        title="Pre-Application Letters"
        empty="No letter has been made yet."
        downloadFailed={ADMIN_MESSAGES.letterDownloadFailed}
        items={detail.letters.map((letter) => ({
          id: letter.id,
          line: `${formatLongDate(letter.created_at)} · ${formatUsd(Number(letter.loan_amount))} at ${letter.rate}, ${letter.term_years} years`,
          file: async () => ({
            suggestedName: preApplicationLetterFileName(application.business_name),
            mimeType: 'application/pdf',
            data: await letterPdf(application, letter),
          }),
        }))}
      />
      <BankPackages
        source={{ application, additionalInfo: info, checklist: checklistInputOf(detail) }}
        packages={detail.bankPackages}
      />
      <LoanSection detail={detail} />
      <GeneratedDocuments
        title="Term Sheets"
        downloadFailed={ADMIN_MESSAGES.termSheetDownloadFailed}
        empty={
          application.status === 'approved'
            ? 'No term sheet yet.'
            : 'Term sheets are made once an application is approved.'
        }
        items={detail.termSheets.map((sheet) => ({
          id: sheet.id,
          line: `${formatLongDate(sheet.created_at)} · ${sheet.bank_name} · ${formatUsd(Number(sheet.loan_amount))} at ${Number(sheet.interest_rate)}% for ${sheet.term_months} months`,
          file: async () => ({
            suggestedName: termSheetFileName(application.business_name),
            mimeType: 'application/pdf',
            data: await termSheetPdf(application, sheet),
          }),
        }))}
      />

      <Box>
        {opened.isError ? <ErrorAlert message={opened.error.message} mb="2" /> : null}
        <DocumentChecklist detail={detail} me={me} openDocument={(document) => void openDocument(document)} />
      </Box>

      <Box>
        <Heading as="h3" size="md" mb="2">
          Additional Information
        </Heading>
        {info ? (
          additionalInfoSections.map((section) => (
            <Box key={section.id} mb="3">
              <Text fontWeight="semibold">{section.title}</Text>
              <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gapX="6" gapY="1">
                {section.fields.map((field) => (
                  <Box key={field.name}>
                    <Text as="dt" fontSize="sm" color="gray.600">
                      {field.label}
                    </Text>
                    <Text as="dd" overflowWrap="anywhere">
                      {info[field.name] ? additionalInfoAnswerText(field, info[field.name]) : 'Not given'}
                    </Text>
                  </Box>
                ))}
              </SimpleGrid>
            </Box>
          ))
        ) : (
          <Text color="gray.600">The applicant has not submitted additional information yet.</Text>
        )}
      </Box>

      <ApplicationNotes
        applicationId={application.id}
        businessName={application.business_name}
        notes={detail.notes}
        me={me}
      />

      <Box>
        <Heading as="h3" size="md" mb="2">
          Timeline
        </Heading>
        <List.Root as="ol" ps="5" gap="1">
          {detail.events.map((event) => {
            // The evaluation's reasons were stored in the applicant's words: the officer reads theirs, as above.
            const note = event.kind === 'not_qualified' && unmet.length > 0 ? unmet.join('; ') : event.reason;
            return (
              <List.Item key={event.id}>
                {applicationEventText(event, officerEventLabels)} — {when(event.created_at)} by{' '}
                {actor(event, me, application.user_id)}
                {note ? (
                  <Text color="gray.700" overflowWrap="anywhere" whiteSpace="pre-line">
                    {eventNoteLabel(event.kind)}: {note}
                  </Text>
                ) : null}
              </List.Item>
            );
          })}
        </List.Root>
        <TextsLog texts={detail.texts} consents={detail.smsConsents} />
        {detail.audit.length > 0 ? (
          <>
            <Text id={auditLogHeadingId} fontWeight="semibold" mt="3">
              Audit log
            </Text>
            <List.Root ps="5" gap="1" fontSize="sm" aria-labelledby={auditLogHeadingId}>
              {detail.audit.map((entry) => (
                <List.Item key={entry.id}>
                  {auditEntryText(entry, auditNames)} — {when(entry.created_at)} by{' '}
                  {actor(entry, me, application.user_id, auditEntryActor(entry))}
                </List.Item>
              ))}
            </List.Root>
          </>
        ) : null}
      </Box>
    </Stack>
  );
}

/** The applicant's other applications (same e-mail or account), each one click from its own detail. */
function OtherApplications({
  applications,
  onOpen,
}: {
  applications: OtherApplication[];
  onOpen: (id: string) => void;
}) {
  const headingId = useId();
  if (applications.length === 0) return null;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="md" mb="2" id={headingId}>
        Other Applications from This Applicant
      </Heading>
      <List.Root gap="2">
        {applications.map((other) => {
          const line = `${other.business_name} · ${optionLabel(loanAmountOptions, other.loan_amount)} · submitted ${formatLongDate(other.created_at)} · status ${officerStatusLabel(other)}`;
          return (
            <List.Item key={other.id} display="flex" gap="3" alignItems="center" flexWrap="wrap">
              <Text overflowWrap="anywhere">{line}</Text>
              <Button size="xs" variant="outline" aria-label={`View ${line}`} onClick={() => onOpen(other.id)}>
                View
              </Button>
            </List.Item>
          );
        })}
      </List.Root>
    </Box>
  );
}
