import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, signInErrorMessage } from '../../../../shared/messages/auth.ts';
import { portalCredentialsSchema, type PortalCredentials } from '../../../../shared/validation/auth.ts';
import { normalizeEmail } from '../../../../shared/validation/email.ts';
import { FormField } from '../../components/form-controls.tsx';
import { signInWithPassword, useAuth } from '../../lib/auth-state.ts';
import { invitedEmail, type RedirectState } from '../../lib/route-access.ts';
import { resendConfirmation as sendConfirmationAgain, signUp } from './auth-api.ts';
import { AuthLayout, AuthMessage } from './auth-layout.tsx';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
/** When the server refused an e-mailed link: used already, or expired. */
export const LINK_EXPIRED_MESSAGE =
  'This link has expired or has already been used. Please sign in: if your e-mail address is not confirmed yet, you can have a new link sent from here.';
/** When a confirmation link's code could not be exchanged (opened in another browser, or used already). */
export const CONFIRMATION_LINK_FAILED_MESSAGE =
  'Your e-mail address may already be confirmed. Please sign in to continue.';

/** Where to go after signing in: the page the route guard came from (same site only), else /portal. */
export function afterSignIn(state: unknown): string {
  const from = (state as Partial<RedirectState> | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/portal';
}

/**
 * /portal/login (docs/product.md §2, Portal login): one form toggling between sign-in ('Welcome Back') and
 * sign-up ('Create Your Account'). Sign-up records the applicant role in the account's own metadata, as
 * docs/product.md §7 (Authentication) says (nothing authorizes by it: admins are app_metadata); without
 * auto-confirm it asks the user to confirm by e-mail, and the link lands them signed in on /portal.
 */
export function PortalLoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>(params.get('mode') === 'signup' ? 'sign-up' : 'sign-in');
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmationSent, setConfirmationSent] = useState(false);
  /** The address of an account that tried to sign in before confirming it: its e-mail can be sent again. */
  // The credentials of a sign-in refused as 'Email not confirmed': the password was just proven, which the
  // confirmation e-mail sent again must carry (see resendConfirmation).
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; password: string } | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PortalCredentials>({
    resolver: zodResolver(portalCredentialsSchema),
    // Sent here from the pre-qualification result: the application's e-mail, so the account finds it.
    defaultValues: { email: invitedEmail(location.state), password: '' },
  });
  const reason = (location.state as Partial<RedirectState> | null)?.reason;
  const expired = reason === 'session-expired';
  const linkFailed = reason === 'link-failed';
  const linkExpired = reason === 'link-expired';

  if (auth.status === 'signed-in' && !confirmationSent) return <Navigate to={afterSignIn(location.state)} replace />;

  const onSubmit = handleSubmit(
    async ({ email, password }) => {
      setFailure(null);
      setConfirmationSent(false);
      setUnconfirmed(null);
      try {
        if (mode === 'sign-in') {
          const error = await signInWithPassword(normalizeEmail(email), password);
          if (error) {
            setFailure(signInErrorMessage(error.message));
            if (error.code === 'email_not_confirmed') setUnconfirmed({ email: normalizeEmail(email), password });
            return;
          }
        } else {
          const { signedIn, error } = await signUp(normalizeEmail(email), password);
          if (error) {
            setFailure(error.message || AUTH_MESSAGES.unexpected);
            return;
          }
          if (!signedIn) {
            setConfirmationSent(true);
            return;
          }
        }
        await navigate(afterSignIn(location.state), { replace: true });
      } catch (error) {
        console.error('Sign-in failed', error);
        setFailure(AUTH_MESSAGES.unexpected);
      }
    },
    // A try refused by the form's own checks: the previous try's failure no longer stands beside its messages.
    () => setFailure(null),
  );

  /**
   * Sends the confirmation e-mail again as a repeated sign-up with the password the sign-in just proved, not as a
   * bare resend: the server lets a confirmation link set the password of the sign-up only when the request
   * that asked for the link knew it (server/auth/email-links.ts), so the link then signs this browser in.
   */
  const resendConfirmation = async ({ email, password }: { email: string; password: string }) => {
    setResending(true);
    try {
      const error = await sendConfirmationAgain(email, password);
      if (error) {
        setFailure(error.message || AUTH_MESSAGES.unexpected);
        return;
      }
      setFailure(null);
      setUnconfirmed(null);
      setConfirmationSent(true);
    } catch (error) {
      console.error('Resending the confirmation e-mail failed', error);
      setFailure(AUTH_MESSAGES.unexpected);
    } finally {
      setResending(false);
    }
  };

  const signingUp = mode === 'sign-up';
  return (
    <AuthLayout
      title={signingUp ? 'Create Your Account' : 'Client Portal Sign In'}
      description="Sign in to your secure client portal to upload documents and follow your application."
      heading={signingUp ? 'Create Your Account' : 'Welcome Back'}
    >
      {expired && !signingUp ? <AuthMessage status="info">{SESSION_EXPIRED_MESSAGE}</AuthMessage> : null}
      {linkFailed && !signingUp ? <AuthMessage status="info">{CONFIRMATION_LINK_FAILED_MESSAGE}</AuthMessage> : null}
      {linkExpired && !signingUp ? <AuthMessage status="info">{LINK_EXPIRED_MESSAGE}</AuthMessage> : null}
      {failure ? <AuthMessage status="error">{failure}</AuthMessage> : null}
      {unconfirmed && !signingUp ? (
        <>
          <Text>
            A confirmation link was sent to {unconfirmed.email} when the account was made: open it to sign in, or have
            it sent again.
          </Text>
          <Button variant="outline" loading={resending} onClick={() => void resendConfirmation(unconfirmed)}>
            Resend confirmation email
          </Button>
        </>
      ) : null}
      {confirmationSent ? (
        // The form goes away once the account is made: a second sign-up would replace the stored PKCE verifier,
        // and the first e-mail's confirmation link would then fail.
        <>
          <AuthMessage status="success" takesFocus>
            {AUTH_MESSAGES.confirmEmail}
          </AuthMessage>
          <Button
            variant="outline"
            onClick={() => {
              reset();
              setConfirmationSent(false);
            }}
          >
            Try a different email
          </Button>
        </>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={signingUp ? 'Sign up' : 'Sign in'}>
          <Stack gap="4">
            <FormField label="Email" required error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...register('email')} />
            </FormField>
            <FormField label="Password" required error={errors.password?.message}>
              <Input
                type="password"
                autoComplete={signingUp ? 'new-password' : 'current-password'}
                {...register('password')}
              />
            </FormField>
            {signingUp ? null : (
              <Link asChild alignSelf="flex-end" fontSize="sm" color="blue.700">
                <RouterLink to="/portal/forgot-password">Forgot password?</RouterLink>
              </Link>
            )}
            <Button type="submit" colorPalette="blue" loading={isSubmitting}>
              {signingUp ? 'Create Account' : 'Sign In'}
            </Button>
          </Stack>
        </form>
      )}
      <Text textAlign="center">
        {signingUp ? 'Already have an account?' : 'Don’t have an account?'}{' '}
        {/* A link in its sentence: as large as the sentence's words (a button's own text is smaller). */}
        <Button
          variant="plain"
          color="blue.700"
          textDecoration="underline"
          px="0"
          h="auto"
          fontSize="inherit"
          verticalAlign="baseline"
          onClick={() => {
            if (confirmationSent) reset();
            setMode(signingUp ? 'sign-in' : 'sign-up');
            setFailure(null);
            setConfirmationSent(false);
            setUnconfirmed(null);
          }}
        >
          {signingUp ? 'Sign in' : 'Sign up'}
        </Button>
      </Text>
    </AuthLayout>
  );
}
