// Hosted Supabase entry (Deno): `supabase functions deploy admin-clients`. Secret: SITE_URL.
import { hostedEnvironment } from '../_shared/deno-environment.ts';
import { createAdminClientsHandler } from './handler.ts';

declare const Deno: { serve(handler: (request: Request) => Promise<Response>): unknown };

Deno.serve(createAdminClientsHandler(hostedEnvironment()));
