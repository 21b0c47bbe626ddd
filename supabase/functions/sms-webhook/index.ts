// Hosted Supabase entry (Deno): `supabase functions deploy sms-webhook --no-verify-jwt` (Twilio calls it without a
// Supabase key; its own signature is checked instead). Secrets: SITE_URL, TWILIO_AUTH_TOKEN and SMS_WEBHOOK_URL
// (this function's address as set in Twilio for the number's incoming messages and in the texts' status
// callbacks); SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by the platform.
import { hostedEnvironment } from '../_shared/deno-environment.ts';
import { createSmsWebhookHandler } from './handler.ts';

Deno.serve(
  createSmsWebhookHandler({
    ...hostedEnvironment(),
    twilioAuthToken: Deno.env.get('TWILIO_AUTH_TOKEN') || undefined,
    webhookUrl: Deno.env.get('SMS_WEBHOOK_URL') || undefined,
  }),
);
