import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

/**
 * The service-role supabase-js client the functions use, pointed at this very server (as hosted functions
 * point at their project). Node 20 has no WebSocket, so realtime gets the ws package, whose class is
 * structurally what realtime expects but typed differently.
 */
export function createServiceClient(url: string, serviceRoleKey: string): SupabaseClient {
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}
