import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Container, Heading, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { adminLoginErrorMessage } from '../../../../shared/messages/auth.ts';
import { adminLoginSchema } from '../../../../shared/validation/auth.ts';
import { normalizeEmail } from '../../../../shared/validation/email.ts';
import { FormField } from '../../components/form-controls.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { signInWithPassword, useAuth } from '../../lib/auth-state.ts';
import type { RedirectState } from '../../lib/route-access.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';

type AdminCredentials = { email: string; password: string };

/** Where to go once signed in: the page the route guard came from, else /admin. */
function destination(state: unknown): string {
  const from = (state as Partial<RedirectState> | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/admin';
}

/** Admin sign-in (docs/product.md §2, Admin login): e-mail and password; an admin is app_metadata.role = admin. */
export function AdminLoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AdminCredentials>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: '', password: '' },
  });

  if (auth.status === 'signed-in') return <Navigate to={destination(location.state)} replace />;

  const onSubmit = handleSubmit(
    async ({ email, password }) => {
      setFailure(null);
      try {
        const error = await signInWithPassword(normalizeEmail(email), password);
        if (error) {
          setFailure(adminLoginErrorMessage(error.message));
          return;
        }
        await navigate(destination(location.state), { replace: true });
      } catch (error) {
        setFailure(adminLoginErrorMessage(error instanceof Error ? error.message : undefined));
      }
    },
    // A try refused by the form's own checks: the previous try's failure no longer stands beside its messages.
    () => setFailure(null),
  );

  return (
    <>
      <PageMeta title="Admin Sign In" description="Sign in to the loan officers' dashboard." />
      <meta name="robots" content="noindex" />
      <Container maxW="md" py={{ base: '12', md: '20' }}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Admin sign in">
          <Stack gap="5">
            <Heading as="h1" size="2xl">
              Admin Login
            </Heading>
            {failure ? <ErrorAlert message={failure} /> : null}
            <FormField label="Email" required error={errors.email?.message}>
              <Input type="email" autoComplete="username" {...register('email')} />
            </FormField>
            <FormField label="Password" required error={errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...register('password')} />
            </FormField>
            <Button type="submit" colorPalette="blue" loading={isSubmitting}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Container>
    </>
  );
}
