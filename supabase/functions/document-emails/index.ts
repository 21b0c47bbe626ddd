// Hosted Supabase entry (Deno): `supabase functions deploy document-emails`, called by pg_cron with the service-role key
// (README, Hosted Supabase). Secrets: SITE_URL, RESEND_API_KEY, EMAIL_FROM, optionally RESEND_API_URL and the
// policy's REVIEW_EMAIL_BATCH_SECONDS, DOCUMENT_REMINDER_DAYS, DOCUMENT_REMINDER_LIMIT (SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY are provided by the platform).
import { documentEmailPolicyFrom } from '../_shared/document-emails.ts';
import { hostedEnvironment, hostedMailSender } from '../_shared/deno-environment.ts';
import { createDocumentEmailsHandler } from './handler.ts';

Deno.serve(
  createDocumentEmailsHandler({
    ...hostedEnvironment(),
    sendMail: hostedMailSender(),
    policy: documentEmailPolicyFrom((name) => Deno.env.get(name)),
  }),
);
