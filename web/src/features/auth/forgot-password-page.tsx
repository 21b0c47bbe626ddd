import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { RESET_LINK_EXPIRY_HOURS } from '../../../../shared/catalogue/accounts.ts';
import { AUTH_MESSAGES, forgotPasswordErrorMessage } from '../../../../shared/messages/auth.ts';
import { forgotPasswordSchema } from '../../../../shared/validation/auth.ts';
import { normalizeEmail } from '../../../../shared/validation/email.ts';
import { FormField } from '../../components/form-controls.tsx';
import { sendResetLink } from './auth-api.ts';
import { AuthLayout, AuthMessage } from './auth-layout.tsx';

/** /portal/forgot-password (docs/product.md §2, Forgot password): sends the reset link, then 'Check Your Email'. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(
    async ({ email }) => {
      setFailure(null);
      try {
        const address = normalizeEmail(email);
        const error = await sendResetLink(address);
        if (error) {
          setFailure(forgotPasswordErrorMessage(error.message));
          return;
        }
        setSentTo(address);
      } catch (error) {
        console.error('Password reset e-mail failed', error);
        setFailure(AUTH_MESSAGES.resetEmailFailed);
      }
    },
    // A try refused by the form's own checks: the previous try's failure no longer stands beside its messages.
    () => setFailure(null),
  );

  if (sentTo) {
    return (
      <AuthLayout title="Check Your Email" description="Reset your client portal password." heading="Check Your Email">
        <Text>
          We sent a password reset link to <strong>{sentTo}</strong>.
        </Text>
        <Text>
          The link expires in {RESET_LINK_EXPIRY_HOURS} hour. If you don’t see the e-mail, check your spam folder.
        </Text>
        <Stack direction="row" gap="4" align="center">
          <Link asChild color="blue.700">
            <RouterLink to="/portal/login">Back to Login</RouterLink>
          </Link>
          <Button variant="outline" onClick={() => setSentTo(null)}>
            Try a different email
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Forgot Password" description="Reset your client portal password." heading="Forgot Password">
      <Text>Enter the e-mail of your account and we will send you a link to set a new password.</Text>
      {failure ? <AuthMessage status="error">{failure}</AuthMessage> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Forgot password">
        <Stack gap="4">
          <FormField label="Email" required error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...register('email')} />
          </FormField>
          <Button type="submit" colorPalette="blue" loading={isSubmitting}>
            Send Reset Link
          </Button>
          <Link asChild color="blue.700" alignSelf="center">
            <RouterLink to="/portal/login">Back to Login</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
