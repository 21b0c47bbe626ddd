import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { connectAuthState } from './auth-state.ts';
import { loadRuntimeConfig } from './runtime-config.ts';

let client: Promise<SupabaseClient> | undefined;

/** The one supabase-js client of the web app, created on first use; its auth events feed auth-state.ts. */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= loadRuntimeConfig().then(({ supabaseUrl, anonKey }) => {
    const created = createClient(supabaseUrl, anonKey, {
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true },
    });
    connectAuthState(created);
    return created;
  });
  client.catch(() => {
    client = undefined;
  });
  return client;
}
