import { Badge, Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { optionLabel } from '../../../../shared/catalogue/fields.ts';
import { loanAmountOptions } from '../../../../shared/catalogue/pre-qualification.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { applicantStatusLabel, applicationEventText, eventNoteLabel } from '../../../../shared/status/timeline.ts';
import { ApplicationsToConfirm } from './applications-to-confirm.tsx';
import type { PortalApplication } from './portal-api.ts';
import { submittedOn } from './current-application.ts';

const statusPalette = { pending: 'blue', approved: 'green', rejected: 'red' } as const;

type Props = {
  applications: PortalApplication[];
  /** Made signed out in the applicant's e-mail, not yet confirmed by them: asked about first. */
  toConfirm: ApplicationRow[];
  readOnly: boolean;
};

/** The applicant's pre-qualification applications, each with its status and timeline (newest first). */
export function MyApplications({ applications, toConfirm, readOnly }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <Stack as="section" aria-labelledby="my-application-heading" gap="4">
      <Heading as="h2" size="xl" id="my-application-heading" ref={heading} tabIndex={-1}>
        {applications.length + toConfirm.length > 1 ? 'My Applications' : 'My Application'}
      </Heading>
      <ApplicationsToConfirm applications={toConfirm} readOnly={readOnly} onAnswered={() => heading.current?.focus()} />
      {applications.length === 0 && toConfirm.length === 0 ? (
        <Box borderWidth="1px" borderRadius="md" p="5">
          <Text mb="3">
            We have no pre-qualification application for this account yet. It takes a few minutes, and your documents
            and information below will be linked to it.
          </Text>
          <Button asChild colorPalette="blue">
            <RouterLink to="/apply">Start your application</RouterLink>
          </Button>
        </Box>
      ) : (
        applications.map((application) => (
          <ApplicationCard
            key={application.id}
            application={application}
            submitted={submittedOn(application, applications)}
          />
        ))
      )}
    </Stack>
  );
}

/** `submitted`: when it was submitted, as the applicant tells it from their others (submittedOn). */
function ApplicationCard({ application, submitted }: { application: PortalApplication; submitted: string }) {
  const status = applicantStatusLabel(application.status, application.decided_at, application.loan_stage ?? null);
  return (
    <Box
      as="article"
      borderWidth="1px"
      borderRadius="md"
      p="5"
      aria-label={`Application for ${application.business_name}`}
    >
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" mb="3">
        <Box>
          <Text fontWeight="semibold">{application.business_name}</Text>
          <Text color="gray.600" fontSize="sm">
            Loan amount {optionLabel(loanAmountOptions, application.loan_amount)} · submitted {submitted}
          </Text>
        </Box>
        {/* With the loan's stage the status is long: it wraps on a narrow or zoomed screen. */}
        <Badge
          colorPalette={statusPalette[application.status]}
          alignSelf="flex-start"
          size="lg"
          whiteSpace="normal"
          h="auto"
          py="1"
        >
          Status: {status}
        </Badge>
      </Stack>
      <Heading as="h3" size="sm" mb="2">
        Timeline
      </Heading>
      <List.Root as="ol" gap="2" ps="5">
        {application.events.map((event) => (
          <List.Item key={event.id}>
            <Text as="span" fontWeight="medium">
              {applicationEventText(event)}
            </Text>{' '}
            <Text as="span" color="gray.600">
              — {formatLongDate(event.created_at)}
            </Text>
            {event.reason ? (
              <Text color="gray.700" fontSize="sm" overflowWrap="anywhere" whiteSpace="pre-line">
                {eventNoteLabel(event.kind)}: {event.reason}
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
