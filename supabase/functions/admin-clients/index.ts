// Hosted Supabase entry (Deno): `supabase functions deploy admin-clients`. Secret: SITE_URL.
import { hostedEnvironment } from '../_shared/deno-environment.ts';
import { createAdminClientsHandler } from './handler.ts';

Deno.serve(createAdminClientsHandler(hostedEnvironment()));
