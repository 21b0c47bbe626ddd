// Hosted Supabase entry (Deno): `supabase functions deploy notify-officer`. Secrets: SITE_URL, RESEND_API_KEY,
// EMAIL_FROM, optionally RESEND_API_URL (SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by the platform).
import { hostedEnvironment, hostedMailSender } from '../_shared/deno-environment.ts';
import { createNotifyOfficerHandler } from './handler.ts';

Deno.serve(
  createNotifyOfficerHandler({
    ...hostedEnvironment(),
    sendMail: hostedMailSender(),
  }),
);
