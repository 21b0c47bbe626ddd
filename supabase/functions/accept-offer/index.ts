// Hosted Supabase entry (Deno): `supabase functions deploy accept-offer`. Secrets: SITE_URL, RESEND_API_KEY,
// EMAIL_FROM, optionally RESEND_API_URL (SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by the platform).
import { hostedEnvironment, hostedMailSender } from '../_shared/deno-environment.ts';
import { createAcceptOfferHandler } from './handler.ts';

Deno.serve(
  createAcceptOfferHandler({
    ...hostedEnvironment(),
    sendMail: hostedMailSender(),
  }),
);
