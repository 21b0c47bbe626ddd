import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { useBusy } from '../lib/use-busy.ts';
import { endImpersonation, impersonationStartLabel, type Impersonation } from '../lib/impersonation.ts';

/**
 * Shown while an admin views a client's portal (docs/product.md §2, Client portal and Admin dashboard):
 * the start time, and 'Exit Impersonation', which records the end in audit_log, clears both flags and
 * goes to /admin, or, given `onExited`, calls it instead (the dashboard stays where it is).
 */
export function ImpersonationBanner({
  impersonation,
  onExited,
}: {
  impersonation: Impersonation;
  onExited?: () => void;
}) {
  const navigate = useNavigate();
  const [exiting, whileExiting] = useBusy();
  const exit = async () => {
    await endImpersonation();
    if (onExited) onExited();
    else void navigate('/admin');
  };
  return (
    <Alert.Root status="warning" role="region" aria-label="Impersonation">
      <Alert.Indicator />
      <Stack gap="2" flex="1" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }}>
        <Alert.Content flex="1">
          <Alert.Title>You are viewing a client’s portal as an admin (read-only)</Alert.Title>
          <Alert.Description>
            <Text as="span">Started: {impersonationStartLabel(impersonation.startedAt)}</Text>
          </Alert.Description>
        </Alert.Content>
        <Button size="sm" colorPalette="orange" loading={exiting} onClick={() => void whileExiting(exit)}>
          Exit Impersonation
        </Button>
      </Stack>
    </Alert.Root>
  );
}
