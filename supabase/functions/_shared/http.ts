/** Response helpers shared by the functions: JSON bodies and CORS, as hosted Supabase functions need. */

export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
} as const;

export type FunctionHandler = (request: Request) => Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/** The preflight answer, or a 405 for anything but POST; undefined when the request may go on. */
export function preflight(request: Request): Response | undefined {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
  if (request.method !== 'POST') return json({ success: false, error: 'Use POST' }, 405);
  return undefined;
}

/** The JSON body, or undefined when it is missing or not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/**
 * The caller's address as the platform's gateway reports it: X-Real-IP, which the gateway sets from the connection.
 * Only where it is missing, the first X-Forwarded-For entry, which a caller can write itself; not the last, which
 * may be a proxy of the platform's own, shared by every caller (one limit for all of them).
 */
export function callerAddress(request: Request): string {
  const real = request.headers.get('x-real-ip')?.trim();
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return real || forwarded || 'unknown';
}
