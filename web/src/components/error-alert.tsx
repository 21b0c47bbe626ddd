import { Alert, type AlertRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A failure told to the person in one line (role alert, so screen readers announce it). */
export function ErrorAlert({
  message,
  ...rootProps
}: { message: ReactNode } & Omit<AlertRootProps, 'status' | 'role'>) {
  return (
    <Alert.Root status="error" role="alert" {...rootProps}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
