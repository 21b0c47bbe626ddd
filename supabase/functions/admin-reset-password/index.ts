// Hosted Supabase entry (Deno): `supabase functions deploy admin-reset-password`. Secret: SITE_URL.
import { hostedEnvironment } from '../_shared/deno-environment.ts';
import { createAdminResetPasswordHandler } from './handler.ts';

declare const Deno: { serve(handler: (request: Request) => Promise<Response>): unknown };

Deno.serve(createAdminResetPasswordHandler(hostedEnvironment()));
