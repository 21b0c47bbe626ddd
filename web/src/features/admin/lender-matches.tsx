import { Badge, Box, Button, chakra, Heading, HStack, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { formatUsd } from '../../../../shared/format/money.ts';
import { formatDays } from '../../../../shared/format/numbers.ts';
import { lenderConsentStatusLabels, lenderProgramsLabel } from '../../../../shared/matching/applicant-matches.ts';
import { matchLenders, type CriterionOutcome, type MatchOutcome } from '../../../../shared/matching/lender-match.ts';
import type { AdminConsent } from '../../../../shared/db/admin-rows.ts';
import { useAskLenderConsentMutation, useLenderNetworkQuery } from './lender-network-api.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useFocusOnAppearing } from '../../lib/use-focus-on-appearing.ts';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

const outcomePalette: Record<MatchOutcome, string> = { fit: 'green', review: 'orange', 'no fit': 'red' };
const criterionMark: Record<CriterionOutcome, string> = { pass: 'Pass', review: 'Review', fail: 'Fail' };

/** What the officer reads of a consent: asked and waiting, or the applicant's answer. */
function consentText(consent: AdminConsent): string {
  return consent.status === 'requested'
    ? 'Consent asked, waiting for the applicant'
    : `Applicant: ${lenderConsentStatusLabels[consent.status]}`;
}

/**
 * Ask Consent, asked first: the applicant is e-mailed at once, about a lender they will read as one we chose for
 * them, and a click meant for the next row's button would e-mail them about the wrong one.
 */
function AskConsentDialog({ applicationId, lender }: { applicationId: string; lender: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const [ask, asking] = useAskLenderConsentMutation();
  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      title={`Ask the applicant’s consent for ${lender.name}?`}
      trigger={
        <Button size="xs" variant="outline">
          Ask Consent
          {/* Each button names its lender to a screen reader, which reads the buttons one by one. */}
          <ScreenReaderText> ({lender.name})</ScreenReaderText>
        </Button>
      }
      confirmLabel="Ask Consent"
      confirmPalette="blue"
      busy={asking.isLoading}
      onConfirm={() => {
        void ask({ applicationId, lenderId: lender.id }).then((result) => {
          if (!result.error) setOpen(false);
        });
      }}
    >
      <Text>
        The applicant is e-mailed now and asked, in their client portal, to approve or decline sending their loan
        package to {lender.name}. Nothing goes to the lender before they approve.
      </Text>
      {asking.isError ? <ErrorAlert message={asking.error.message} mt="3" /> : null}
    </ActionDialog>
  );
}

/**
 * Lender Matches: every active lender of the network ranked for this application (shared/matching, the same
 * function the portal and the benchmarks use), each criterion with its reason, the applicant's consent per
 * lender, and Ask Consent for lenders not asked yet (not for a lender that does not fit).
 */
export function LenderMatches({ application }: { application: ApplicationRow }) {
  const network = useLenderNetworkQuery(application.id);
  const canAsk = application.status !== 'rejected';
  // Ask Consent goes from a lender's row once asked: the focus goes to the row's consent, which says so.
  const focusTarget = useFocusOnAppearing((network.data?.consents ?? []).map((consent) => consent.lender_id));
  return (
    <Box as="section" aria-label="Lender Matches">
      <Heading as="h3" size="md" mb="2">
        Lender Matches
      </Heading>
      {network.isError ? (
        <ErrorAlert message={network.error.message} />
      ) : !network.data ? (
        <Spinner aria-label="Loading lender matches" />
      ) : (
        <Stack gap="2">
          <Stack as="ol" listStyleType="none" gap="2">
            {matchLenders(application, network.data.lenders).map((match) => {
              const consent = network.data!.consents.find((row) => row.lender_id === match.lender.id);
              return (
                <Box
                  as="li"
                  key={match.lender.id}
                  borderWidth="1px"
                  borderRadius="md"
                  p="3"
                  aria-label={`Lender ${match.lender.name}`}
                >
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <Box>
                      <Text fontWeight="semibold" overflowWrap="anywhere">
                        {match.lender.name} <Badge colorPalette={outcomePalette[match.outcome]}>{match.outcome}</Badge>{' '}
                        <Badge variant="outline">score {match.score}</Badge>
                      </Text>
                      <Text fontSize="sm" color="gray.600">
                        {lenderProgramsLabel(match.lender.programs)} · {formatUsd(match.lender.min_loan)} to{' '}
                        {formatUsd(match.lender.max_loan)} · answers in about {formatDays(match.lender.answer_days)}
                      </Text>
                      {consent ? (
                        <Text fontSize="sm" {...focusTarget(match.lender.id)}>
                          {consentText(consent)}
                        </Text>
                      ) : null}
                    </Box>
                    {canAsk && !consent && match.outcome === 'no fit' ? (
                      // Asking would e-mail the applicant about a lender that cannot lend to them.
                      <Text fontSize="sm" color="gray.600">
                        Not offered: this lender does not fit
                      </Text>
                    ) : canAsk && !consent ? (
                      <AskConsentDialog applicationId={application.id} lender={match.lender} />
                    ) : null}
                  </HStack>
                  <chakra.details mt="1">
                    <chakra.summary cursor="pointer" fontSize="sm">
                      Why
                      <ScreenReaderText> ({match.lender.name})</ScreenReaderText>
                    </chakra.summary>
                    <List.Root ps="5" fontSize="sm" gap="0.5">
                      {match.criteria.map((criterion) => (
                        <List.Item key={criterion.id}>
                          {criterion.label}: {criterionMark[criterion.outcome]} — {criterion.officerReason}
                        </List.Item>
                      ))}
                    </List.Root>
                  </chakra.details>
                </Box>
              );
            })}
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
