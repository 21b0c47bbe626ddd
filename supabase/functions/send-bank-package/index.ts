// Hosted Supabase entry (Deno): `supabase functions deploy send-bank-package`. Secrets: SITE_URL, RESEND_API_KEY,
// EMAIL_FROM (SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by the platform).
import { hostedEnvironment, requiredEnv } from '../_shared/deno-environment.ts';
import { httpMailSender } from '../_shared/http-mail.ts';
import { createSendBankPackageHandler } from './handler.ts';

declare const Deno: { serve(handler: (request: Request) => Promise<Response>): unknown };

Deno.serve(
  createSendBankPackageHandler({
    ...hostedEnvironment(),
    sendMail: httpMailSender({ apiKey: requiredEnv('RESEND_API_KEY'), from: requiredEnv('EMAIL_FROM') }),
  }),
);
