import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Input, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PASSWORD_UPDATED_REDIRECT_MS } from '../../../../shared/catalogue/accounts.ts';
import {
  AUTH_MESSAGES,
  resetLinkWhileSignedInMessage,
  updatePasswordErrorMessage,
} from '../../../../shared/messages/auth.ts';
import { resetPasswordSchema, type ResetPasswordForm } from '../../../../shared/validation/auth.ts';
import { FormField } from '../../components/form-controls.tsx';
import { signOut } from '../../lib/auth-state.ts';
import { AuthLayout, AuthMessage } from './auth-layout.tsx';
import { updatePassword, verifyResetLink, type ResetStage as Stage } from './auth-api.ts';

/** /portal/reset-password (docs/product.md §2, Reset password). */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ kind: 'verifying' });
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => {
    let current = true;
    void verifyResetLink().then((next) => {
      if (current) setStage(next);
    });
    return () => {
      current = false;
    };
  }, []);

  const [loggingOut, setLoggingOut] = useState(false);
  const logOutAndUseLink = async () => {
    setLoggingOut(true);
    const signedOut = await signOut();
    const next = signedOut ? await verifyResetLink() : { kind: 'invalid' as const, message: AUTH_MESSAGES.resetError };
    setLoggingOut(false);
    setStage(next);
  };

  useEffect(() => {
    if (stage.kind !== 'updated') return;
    const timer = window.setTimeout(() => void navigate('/portal'), PASSWORD_UPDATED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [stage, navigate]);

  const onSubmit = handleSubmit(
    async ({ password }) => {
      setFailure(null);
      try {
        const error = await updatePassword(password);
        if (error) {
          console.error('Password update refused', error);
          setFailure(updatePasswordErrorMessage(error));
          return;
        }
        setStage({ kind: 'updated' });
      } catch (error) {
        console.error('Password update failed', error);
        setFailure(AUTH_MESSAGES.updatePasswordFailed);
      }
    },
    // A try refused by the form's own checks: the previous try's failure no longer stands beside its messages.
    () => setFailure(null),
  );

  const meta = { title: 'Reset Password', description: 'Set a new password for your client portal.' };
  switch (stage.kind) {
    case 'verifying':
      return (
        <AuthLayout {...meta} heading="Verifying reset link">
          <Flex justify="center">
            <Spinner size="lg" aria-label="Verifying reset link" />
          </Flex>
        </AuthLayout>
      );
    case 'invalid':
      return (
        <AuthLayout {...meta} heading="Invalid Reset Link">
          <AuthMessage status="error">{stage.message}</AuthMessage>
          <Stack direction="row" gap="4" align="center">
            <Button asChild colorPalette="blue">
              <RouterLink to="/portal/forgot-password">Request New Reset Link</RouterLink>
            </Button>
            <Link asChild color="blue.700">
              <RouterLink to="/portal/login">Back to Login</RouterLink>
            </Link>
          </Stack>
        </AuthLayout>
      );
    case 'updated':
      return (
        <AuthLayout {...meta} heading="Password Updated">
          <Text>Your password has been changed. Taking you to your portal…</Text>
          <Button asChild colorPalette="blue">
            <RouterLink to="/portal">Go to Portal</RouterLink>
          </Button>
        </AuthLayout>
      );
    case 'signedInElsewhere':
      return (
        <AuthLayout {...meta} heading="Log Out First">
          <AuthMessage status="info">{resetLinkWhileSignedInMessage(stage.email)}</AuthMessage>
          <Stack direction="row" gap="4" align="center">
            <Button colorPalette="blue" loading={loggingOut} onClick={() => void logOutAndUseLink()}>
              Log Out and Use the Link
            </Button>
            <Link asChild color="blue.700">
              <RouterLink to="/portal">Back to Portal</RouterLink>
            </Link>
          </Stack>
        </AuthLayout>
      );
    case 'form':
      return (
        <AuthLayout {...meta} heading="Set New Password">
          {stage.email ? <Text>You are choosing a new password for {stage.email}.</Text> : null}
          {failure ? <AuthMessage status="error">{failure}</AuthMessage> : null}
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Set new password">
            <Stack gap="4">
              <FormField
                label="New Password"
                required
                error={errors.password?.message}
                helperText="Must be at least 6 characters long"
              >
                <Input type="password" autoComplete="new-password" {...register('password')} />
              </FormField>
              <FormField label="Confirm Password" required error={errors.confirmPassword?.message}>
                <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
              </FormField>
              <Button type="submit" colorPalette="blue" loading={isSubmitting}>
                Update Password
              </Button>
            </Stack>
          </form>
        </AuthLayout>
      );
  }
}
