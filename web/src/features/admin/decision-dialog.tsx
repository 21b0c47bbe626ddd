import { Alert, Button, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../lib/api.ts';
import { useDecideApplicationMutation } from './admin-api.ts';

type DecisionDialogProps = {
  applicationId: string;
  businessName: string;
  decision: 'approved' | 'rejected';
};

/**
 * Approve or Reject, with an optional reason the applicant sees on their timeline and in the e-mail. The
 * list changes only once the server has accepted the decision.
 */
export function DecisionDialog({ applicationId, businessName, decision }: DecisionDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [decide, state] = useDecideApplicationMutation();
  const dispatch = useDispatch();
  const verb = decision === 'approved' ? 'Approve' : 'Reject';
  const confirm = async () => {
    const result = await decide({ id: applicationId, decision, reason });
    if (!('error' in result)) {
      setOpen(false);
      setReason('');
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (!details.open && state.isError) {
          // Show what the server holds now (another officer may have decided meanwhile).
          state.reset();
          dispatch(api.util.invalidateTags(['Application']));
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button size="xs" colorPalette={decision === 'approved' ? 'green' : 'red'} variant="outline">
          {verb}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {verb} {businessName}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Field.Root>
                  <Field.Label>Reason (optional, shown to the applicant)</Field.Label>
                  <Textarea value={reason} maxLength={2000} onChange={(event) => setReason(event.target.value)} />
                </Field.Root>
                {state.isError ? (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{state.error.message}</Alert.Title>
                  </Alert.Root>
                ) : null}
                <Text fontSize="sm" color="gray.600">
                  The applicant is e-mailed about the decision.
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette={decision === 'approved' ? 'green' : 'red'}
                loading={state.isLoading}
                onClick={() => void confirm()}
              >
                {verb}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
