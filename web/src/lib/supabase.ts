import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadRuntimeConfig } from './runtime-config.ts';

let client: Promise<SupabaseClient> | undefined;

/** The one supabase-js client of the web app, created on first use. */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= loadRuntimeConfig().then(({ supabaseUrl, anonKey }) =>
    createClient(supabaseUrl, anonKey, { auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true } }),
  );
  client.catch(() => {
    client = undefined;
  });
  return client;
}
