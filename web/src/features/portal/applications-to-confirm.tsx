import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { optionLabel } from '../../../../shared/catalogue/fields.ts';
import { loanAmountOptions } from '../../../../shared/catalogue/pre-qualification.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { APPLICATION_OWNERSHIP } from '../../../../shared/messages/portal-admin.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { useAnswerApplicationOwnershipMutation } from './portal-api.ts';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

type Props = {
  applications: ApplicationRow[];
  readOnly: boolean;
  /** Where the keyboard goes once an answer has taken a card away. */
  onAnswered: () => void;
};

/**
 * Applications made signed out with the applicant's e-mail, which they have not confirmed: anyone can type
 * someone's e-mail into the form, so nothing of theirs goes to one until they say it is theirs.
 */
export function ApplicationsToConfirm({ applications, readOnly, onAnswered }: Props) {
  return applications.map((application) => (
    <ApplicationToConfirm key={application.id} application={application} readOnly={readOnly} onAnswered={onAnswered} />
  ));
}

function ApplicationToConfirm({
  application,
  readOnly,
  onAnswered,
}: {
  application: ApplicationRow;
  readOnly: boolean;
  onAnswered: () => void;
}) {
  const [answer, answering] = useAnswerApplicationOwnershipMutation();
  const [disowning, setDisowning] = useState(false);
  const [pending, setPending] = useState<'mine' | 'not mine' | null>(null);
  // Also in the card's and its buttons' names: two applications of one business differ by their amount and day.
  const described = `${application.business_name} (${optionLabel(loanAmountOptions, application.loan_amount)}), submitted ${formatLongDate(application.created_at)}`;

  const send = async (mine: boolean) => {
    setPending(mine ? 'mine' : 'not mine');
    const result = await answer({ applicationId: application.id, mine });
    setPending(null);
    if ('data' in result) {
      setDisowning(false);
      onAnswered();
    }
  };
  const failure = answering.isError ? (
    <Text color="fg.error" role="alert" fontSize="sm" mt="3">
      {answering.error.message}
    </Text>
  ) : null;

  return (
    <Box
      as="article"
      borderWidth="1px"
      borderColor="orange.300"
      bg="orange.50"
      borderRadius="md"
      p="5"
      aria-label={`Application to confirm: ${described}`}
    >
      <Heading as="h3" size="md" mb="2">
        {APPLICATION_OWNERSHIP.question}
      </Heading>
      <Text overflowWrap="anywhere">
        An application for {described} was made with your e-mail address without signing in.
      </Text>
      {readOnly ? (
        <Text mt="2" color="gray.700">
          The client has not yet said whether they made it.
        </Text>
      ) : (
        <Stack gap="3" mt="2">
          <Text color="gray.700">
            If you made it, confirm it: you will see its progress here and can send its documents. If you did not, it
            leaves your portal and our loan team is told.
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button
              size="sm"
              colorPalette="blue"
              loading={pending === 'mine'}
              disabled={answering.isLoading}
              onClick={() => void send(true)}
            >
              {APPLICATION_OWNERSHIP.mine}
              <ScreenReaderText> ({described})</ScreenReaderText>
            </Button>
            <ActionDialog
              role="alertdialog"
              open={disowning}
              onOpenChange={setDisowning}
              title="Not your application?"
              trigger={
                <Button size="sm" variant="outline" colorPalette="red" disabled={answering.isLoading}>
                  {APPLICATION_OWNERSHIP.notMine}
                  <ScreenReaderText> ({described})</ScreenReaderText>
                </Button>
              }
              confirmLabel="It is not mine"
              confirmPalette="red"
              busy={pending === 'not mine'}
              onConfirm={() => void send(false)}
            >
              <Text overflowWrap="anywhere">
                The application for {described} will leave your portal for good, and our loan team will know that you
                did not make it.
              </Text>
              {disowning ? failure : null}
            </ActionDialog>
          </HStack>
        </Stack>
      )}
      {disowning ? null : failure}
    </Box>
  );
}
