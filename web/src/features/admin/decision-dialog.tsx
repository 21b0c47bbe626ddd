import { Alert, Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { decisionReasonSchema } from '../../../../shared/validation/admin-forms.ts';
import { announce, queuedSuffix } from '../../lib/announce.ts';
import { api } from '../../lib/api.ts';
import { useDecideApplicationMutation } from './admin-api.ts';
import { DECIDED_MEANWHILE_CODE } from './admin-repository.ts';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

type DecisionDialogProps = {
  applicationId: string;
  businessName: string;
  decision: 'approved' | 'rejected';
  /** Where the keyboard goes once the decision is made (the buttons that had it are gone with the row). */
  focusAfter: () => HTMLElement | null;
};

/**
 * Approve or Reject, with an optional reason the applicant sees on their timeline and in the e-mail. The
 * list changes only once the server has accepted the decision.
 */
export function DecisionDialog({ applicationId, businessName, decision, focusAfter }: DecisionDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [decide, state] = useDecideApplicationMutation();
  const dispatch = useDispatch();
  const verb = decision === 'approved' ? 'Approve' : 'Reject';
  const palette = decision === 'approved' ? 'green' : 'red';
  // A reason over the limit is refused with a message, never cut (a pasted reason stays whole to shorten).
  const reasonError = decisionReasonSchema.safeParse(reason).error?.issues[0].message;
  const confirm = async () => {
    if (reasonError) return;
    const result = await decide({
      id: applicationId,
      decision,
      reason,
      expectedStatus: 'pending',
      label: businessName,
    });
    if (!('error' in result)) {
      setOpen(false);
      setReason('');
      announce(`${businessName} ${decision === 'approved' ? 'approved' : 'rejected'}${queuedSuffix(result.data)}.`);
      requestAnimationFrame(() => focusAfter()?.focus());
    }
  };
  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next && state.isError) {
          // Show what the server holds now (another officer may have decided meanwhile).
          state.reset();
          dispatch(api.util.invalidateTags(['Application']));
        }
      }}
      title={`${verb} ${businessName}`}
      form={`${verb} ${businessName}`}
      trigger={
        <Button size="xs" colorPalette={palette} variant="outline">
          {verb}
          {/* Each row's button names its application to a screen reader, which reads the buttons one by one. */}
          <ScreenReaderText> {businessName}</ScreenReaderText>
        </Button>
      }
      confirmLabel={verb}
      confirmPalette={palette}
      busy={state.isLoading}
      onConfirm={() => void confirm()}
    >
      <Stack gap="3">
        <Field.Root invalid={reasonError !== undefined}>
          <Field.Label>Reason (optional, shown to the applicant)</Field.Label>
          <Textarea value={reason} onChange={(event) => setReason(event.target.value)} />
          <Field.ErrorText>{reasonError}</Field.ErrorText>
        </Field.Root>
        {state.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{state.error.message}</Alert.Title>
              {state.error.code === DECIDED_MEANWHILE_CODE ? (
                <Alert.Description>{ADMIN_MESSAGES.decidedMeanwhile}</Alert.Description>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Text fontSize="sm" color="gray.600">
          The applicant is e-mailed about the decision. Their additional information can no longer be changed once the
          application is decided.
        </Text>
      </Stack>
    </ActionDialog>
  );
}

/** Approve and Reject for one pending application, each with its dialog. */
export function DecisionButtons(props: Omit<DecisionDialogProps, 'decision'>) {
  return (
    <>
      <DecisionDialog {...props} decision="approved" />
      <DecisionDialog {...props} decision="rejected" />
    </>
  );
}
