// Hosted Supabase entry (Deno): `supabase functions deploy send-emails`. Secrets: SITE_URL, RESEND_API_KEY,
// EMAIL_FROM, optionally RESEND_API_URL, and SEND_EMAILS_TEST_PAGE=on to take the developer test page's requests
// (SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by the platform).
import { hostedEnvironment, hostedMailSender } from '../_shared/deno-environment.ts';
import { createSendEmailsHandler } from './handler.ts';

Deno.serve(
  createSendEmailsHandler({
    ...hostedEnvironment(),
    sendMail: hostedMailSender(),
    testEmails: Deno.env.get('SEND_EMAILS_TEST_PAGE') === 'on',
  }),
);
