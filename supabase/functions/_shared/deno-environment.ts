// Deno-only helpers for the hosted entries (index.ts); never imported by server/ or the tests.
import { createClient } from '@supabase/supabase-js';
import { httpMailSender } from './http-mail.ts';
import type { SendMail } from './mail.ts';
import type { FunctionEnvironment } from './service-client.ts';

declare const Deno: { env: { get(name: string): string | undefined } };

export function requiredEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`The function needs the ${name} secret (supabase secrets set ${name}=...)`);
  return value;
}

/** The service client and site address from the function's secrets. */
export function hostedEnvironment(): FunctionEnvironment {
  return {
    service: createClient(requiredEnv('SUPABASE_URL'), requiredEnv('SUPABASE_SERVICE_ROLE_KEY'), {
      auth: { persistSession: false, autoRefreshToken: false },
    }),
    siteUrl: requiredEnv('SITE_URL').replace(/\/$/, ''),
  };
}

/**
 * E-mail through Resend's HTTP API with the RESEND_API_KEY and EMAIL_FROM secrets. RESEND_API_URL (optional)
 * names another endpoint that speaks the same API; the tests point it at a local stand-in.
 */
export function hostedMailSender(): SendMail {
  return httpMailSender({
    apiKey: requiredEnv('RESEND_API_KEY'),
    from: requiredEnv('EMAIL_FROM'),
    apiUrl: Deno.env.get('RESEND_API_URL') || undefined,
  });
}
