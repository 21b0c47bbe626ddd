// Hosted Supabase entry (Deno): `supabase functions deploy admin-reset-password`. Secret: SITE_URL.
import { hostedEnvironment } from '../_shared/deno-environment.ts';
import { createAdminResetPasswordHandler } from './handler.ts';

Deno.serve(createAdminResetPasswordHandler(hostedEnvironment()));
