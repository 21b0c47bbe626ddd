import type { SupabaseClient } from '@supabase/supabase-js';
import { ADMIN_ROLE } from '../../../shared/catalogue/accounts.ts';

/**
 * What the functions need from the platform: a supabase-js client with the service-role key (bypasses
 * RLS; never leaves the function) and the address of the site, for links in e-mails.
 */
export type FunctionEnvironment = {
  service: SupabaseClient;
  siteUrl: string;
};

/** The rows a query answers, or its error thrown. */
export async function rowsOf<Row>(
  query: PromiseLike<{ data: unknown; error: { message: string } | null }>,
): Promise<Row[]> {
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return (data ?? []) as Row[];
}

/** The signed-in caller behind a request's bearer token, if the token is a valid session's. */
export async function signedInCaller(
  request: Request,
  service: SupabaseClient,
): Promise<{ id: string; email: string | undefined; emailConfirmed: boolean; role: unknown } | undefined> {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) return undefined;
  const { data, error } = await service.auth.getUser(token);
  if (error || !data.user) return undefined;
  const { user } = data;
  return {
    id: user.id,
    email: user.email,
    emailConfirmed: Boolean(user.email_confirmed_at),
    role: user.app_metadata?.role,
  };
}

/** The signed-in caller behind a request's bearer token, when they are an admin (app_metadata.role). */
export async function adminCaller(
  request: Request,
  service: SupabaseClient,
): Promise<{ id: string; email: string | undefined } | undefined> {
  const caller = await signedInCaller(request, service);
  return caller?.role === ADMIN_ROLE ? { id: caller.id, email: caller.email } : undefined;
}
