import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The supabase-js client, loaded (a separate chunk) on first use: a page that calls the API only when
 * a form is sent does not load and evaluate supabase-js while it starts.
 */
export async function loadSupabase(): Promise<SupabaseClient> {
  const { getSupabase } = await import('./supabase.ts');
  return getSupabase();
}
