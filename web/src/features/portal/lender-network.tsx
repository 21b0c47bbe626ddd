import { Badge, Box, Button, chakra, Flex, Heading, HStack, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo, useRef, useState, type ReactElement } from 'react';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import {
  applicantMatchSummary,
  consentAnsweredLabel,
  lenderConsentStatusLabels,
  lenderCount,
  lenderProgramsLabel,
  wideningSentence,
  type LenderConsentRow,
  type LenderCriteriaRow,
} from '../../../../shared/matching/applicant-matches.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import {
  portalLendersArgs,
  useAnswerLenderConsentMutation,
  usePortalLendersQuery,
  type ConsentAnswer,
} from './lenders-api.ts';
import type { PortalApplication } from './portal-api.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

type LenderNetworkProps = {
  /** Newest first: the matches are those of the first. */
  applications: PortalApplication[];
  readOnly: boolean;
};

/**
 * The lender network in the portal (docs/architecture.md, Lender network): how many lenders fit the latest application
 * and what would widen the options, without naming a lender; then the lenders the loan officer asks consent for, by
 * name, each to approve or decline (and an approval to withdraw). Read-only when an admin views a client's portal.
 */
export function LenderNetwork({ applications, readOnly }: LenderNetworkProps) {
  const applicationIds = useMemo(() => applications.map((application) => application.id), [applications]);
  const lenders = usePortalLendersQuery(portalLendersArgs(applicationIds, readOnly), {
    skip: applications.length === 0,
  });
  const consents = useMemo(
    () => lenders.data?.consents.filter((consent) => applicationIds.includes(consent.application_id)) ?? [],
    [lenders.data, applicationIds],
  );
  const latest = applications[0];
  if (!latest) return null;
  if (!lenders.data) {
    return (
      <Stack as="section" aria-labelledby="lender-matches-heading" gap="4">
        <LenderMatchesHeading />
        {lenders.isError ? (
          <ErrorAlert message={lenders.error.message} />
        ) : (
          <Flex justify="center" py="6">
            <Spinner size="md" aria-label="Loading your lender matches" />
          </Flex>
        )}
      </Stack>
    );
  }
  return (
    <>
      <LenderMatches application={latest} criteria={lenders.data.criteria} />
      <LenderConsents consents={consents} applications={applications} readOnly={readOnly} />
    </>
  );
}

/**
 * A declined application goes to no lender (the officer cannot ask consent for it): no counts of lenders that fit
 * it, only what would widen the options of an application made again.
 */
function DeclinedMatches({
  application,
  widening,
}: {
  application: PortalApplication;
  widening: ReturnType<typeof applicantMatchSummary>['widening'];
}) {
  return (
    <Stack as="section" aria-labelledby="lender-matches-heading" gap="4">
      <LenderMatchesHeading />
      <Text color="gray.700">
        Your application for {application.business_name} (submitted {formatLongDate(application.created_at)}) was
        declined, so it is not sent to any lender.
      </Text>
      {widening.length > 0 ? (
        <Box borderWidth="1px" borderRadius="md" p="5">
          <Heading as="h3" size="md" mb="2" id="widening-heading">
            What would widen your options if you apply again
          </Heading>
          <List.Root gap="2" ps="5" aria-labelledby="widening-heading">
            {widening.map((option) => (
              <List.Item key={option.id}>{wideningSentence(option, application)}</List.Item>
            ))}
          </List.Root>
        </Box>
      ) : null}
    </Stack>
  );
}

function LenderMatchesHeading() {
  return (
    <Heading as="h2" size="xl" id="lender-matches-heading">
      Lender Matches
    </Heading>
  );
}

function LenderMatches({ application, criteria }: { application: PortalApplication; criteria: LenderCriteriaRow[] }) {
  const summary = useMemo(() => applicantMatchSummary(application, criteria), [application, criteria]);
  if (application.status === 'rejected')
    return <DeclinedMatches application={application} widening={summary.widening} />;
  return (
    <Stack as="section" aria-labelledby="lender-matches-heading" gap="4">
      <LenderMatchesHeading />
      <Text color="gray.700">
        How your application for {application.business_name} (submitted {formatLongDate(application.created_at)})
        compares with the criteria of the lenders in our network.
      </Text>
      {summary.lenders === 0 ? (
        <Text>Our lender network has no active lenders right now. Your loan officer will tell you when it does.</Text>
      ) : (
        <Box borderWidth="1px" borderRadius="md" p="5">
          <List.Root gap="2" ps="5" aria-label="How many lenders fit">
            <List.Item>
              Fit your application now:{' '}
              <chakra.strong>
                {summary.fit} of {lenderCount(summary.lenders)}
              </chakra.strong>
            </List.Item>
            <List.Item>
              Might fit once your loan officer looks closer at them:{' '}
              <chakra.strong>{lenderCount(summary.review)}</chakra.strong>
            </List.Item>
          </List.Root>
          <Heading as="h3" size="md" mt="5" mb="2" id="widening-heading">
            What would widen your options
          </Heading>
          {summary.widening.length > 0 ? (
            <List.Root gap="2" ps="5" aria-labelledby="widening-heading">
              {summary.widening.map((option) => (
                <List.Item key={option.id}>{wideningSentence(option, application)}</List.Item>
              ))}
            </List.Root>
          ) : (
            <Text>
              {summary.fit === summary.lenders
                ? 'Every lender in our network fits your application.'
                : 'No lender rules your application out; the others need a closer look by your loan officer.'}
            </Text>
          )}
        </Box>
      )}
      <Text color="gray.700">
        We never send your file to a lender on our own. Before your file goes to any lender, your loan officer asks for
        your consent, and you see that lender’s name below to approve or decline.
      </Text>
    </Stack>
  );
}

type LenderConsentsProps = {
  consents: LenderConsentRow[];
  applications: PortalApplication[];
  readOnly: boolean;
};

function LenderConsents({ consents, applications, readOnly }: LenderConsentsProps) {
  const businessOf = (applicationId: string) =>
    applications.length > 1
      ? applications.find((application) => application.id === applicationId)?.business_name
      : undefined;
  return (
    <Stack as="section" aria-labelledby="lender-consent-heading" gap="4">
      <Heading as="h2" size="xl" id="lender-consent-heading">
        Lender Consent
      </Heading>
      <Text color="gray.700">
        Approve a lender to let your loan officer send your file to it; decline to keep your file from it. You can
        withdraw an approval later.
      </Text>
      {readOnly ? (
        <Text color="gray.700">You are viewing this client’s consent requests; only the client can answer them.</Text>
      ) : null}
      {consents.length === 0 ? (
        <Text>
          No lender has been proposed yet. When your loan officer finds a lender for you, they will ask for your consent
          here.
        </Text>
      ) : (
        consents.map((consent) => (
          <ConsentCard
            key={consent.consent_id}
            consent={consent}
            businessName={businessOf(consent.application_id)}
            readOnly={readOnly}
          />
        ))
      )}
    </Stack>
  );
}

const statusPalette = { requested: 'blue', approved: 'green', declined: 'red', withdrawn: 'gray' } as const;

type ConsentCardProps = { consent: LenderConsentRow; businessName: string | undefined; readOnly: boolean };

function ConsentCard({ consent, businessName, readOnly }: ConsentCardProps) {
  const [answer, answering] = useAnswerLenderConsentMutation();
  const [pending, setPending] = useState<ConsentAnswer | null>(null);
  // The answer whose confirmation is open: declining and withdrawing cannot be undone here, so both ask first.
  const [confirming, setConfirming] = useState<'declined' | 'withdrawn' | null>(null);
  // A request answered meanwhile (in another tab) is read again with its answer: a confirmation opened for the
  // answer it no longer takes is closed, and the refusal shows on the card.
  const openDialog =
    (confirming === 'declined' && consent.status === 'requested') ||
    (confirming === 'withdrawn' && consent.status === 'approved')
      ? confirming
      : null;
  const heading = useRef<HTMLHeadingElement>(null);
  const answered = consentAnsweredLabel(consent);

  const send = async (value: ConsentAnswer) => {
    setPending(value);
    const result = await answer({ consentId: consent.consent_id, answer: value });
    setPending(null);
    if ('data' in result) {
      setConfirming(null);
      // The buttons just used are gone: keep the keyboard in this request.
      heading.current?.focus();
    }
  };

  /** The confirmation of an answer that cannot be undone here, opened by `trigger`. */
  const confirmDialog = (
    value: 'declined' | 'withdrawn',
    title: string,
    trigger: ReactElement,
    confirmLabel: string,
    explanation: string,
  ) => (
    <ActionDialog
      role="alertdialog"
      open={openDialog === value}
      onOpenChange={(open) => setConfirming(open ? value : null)}
      title={title}
      trigger={trigger}
      confirmLabel={confirmLabel}
      confirmPalette="red"
      busy={pending === value}
      onConfirm={() => void send(value)}
    >
      <Text overflowWrap="anywhere">{explanation}</Text>
      {answering.isError && pending === null ? (
        <Text color="fg.error" role="alert" mt="3">
          {answering.error.message}
        </Text>
      ) : null}
    </ActionDialog>
  );

  return (
    <Box
      as="article"
      borderWidth="1px"
      borderRadius="md"
      p="5"
      aria-label={`Consent request from ${consent.lender_name}`}
    >
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" mb="2">
        <Box minW="0">
          <Heading as="h3" size="md" ref={heading} tabIndex={-1} overflowWrap="anywhere">
            {consent.lender_name}
          </Heading>
          <Text color="gray.600" fontSize="sm">
            Programs: {lenderProgramsLabel(consent.programs) || 'not listed'}
          </Text>
          {businessName ? (
            <Text color="gray.600" fontSize="sm">
              For your application for {businessName}
            </Text>
          ) : null}
        </Box>
        <Badge colorPalette={statusPalette[consent.status]} alignSelf="flex-start" size="lg">
          Status: {lenderConsentStatusLabels[consent.status]}
        </Badge>
      </Stack>
      {answered ? (
        <Text fontSize="sm" color="gray.700">
          {answered}
        </Text>
      ) : null}
      {readOnly ? null : consent.status === 'requested' ? (
        <HStack gap="3" mt="3" wrap="wrap">
          <Button
            size="sm"
            colorPalette="blue"
            loading={pending === 'approved'}
            disabled={answering.isLoading}
            onClick={() => void send('approved')}
          >
            Approve<ScreenReaderText> {consent.lender_name}</ScreenReaderText>
          </Button>
          {confirmDialog(
            'declined',
            'Decline this lender?',
            <Button size="sm" variant="outline" colorPalette="red" disabled={answering.isLoading}>
              Decline<ScreenReaderText> {consent.lender_name}</ScreenReaderText>
            </Button>,
            'Decline lender',
            `Your loan officer will not send your application or documents to ${consent.lender_name}. This answer cannot be changed here later.`,
          )}
        </HStack>
      ) : consent.status === 'approved' ? (
        <Box mt="3">
          {confirmDialog(
            'withdrawn',
            'Withdraw your approval?',
            <Button size="sm" variant="outline" colorPalette="red">
              Withdraw<ScreenReaderText> your approval of {consent.lender_name}</ScreenReaderText>
            </Button>,
            'Withdraw approval',
            `Withdrawing stops your file going to ${consent.lender_name}: your loan officer will no longer be able to send it your application or documents.`,
          )}
        </Box>
      ) : null}
      {answering.isError && openDialog === null ? (
        <Text color="fg.error" role="alert" fontSize="sm" mt="3">
          {answering.error.message}
        </Text>
      ) : null}
    </Box>
  );
}
