// Hosted Supabase entry (Deno): `supabase functions deploy lender-package`. Lenders have no account: the page calls
// it with the project's anon key (a valid JWT for the gateway) and the link's token is the credential. Secrets: SITE_URL, RESEND_API_KEY, EMAIL_FROM, optionally RESEND_API_URL
// (SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by the platform).
import { hostedEnvironment, hostedMailSender } from '../_shared/deno-environment.ts';
import { createLenderPackageHandler } from './handler.ts';

Deno.serve(
  createLenderPackageHandler({
    ...hostedEnvironment(),
    sendMail: hostedMailSender(),
  }),
);
