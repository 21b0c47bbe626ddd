// Hosted Supabase entry (Deno): `supabase functions deploy send-sms`, called by pg_cron with the service-role key
// (README, Hosted Supabase). Secrets: SITE_URL, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER,
// SMS_WEBHOOK_URL (where Twilio reports each text's delivery), optionally SMS_LIMIT_PER_HOUR, SMS_LIMIT_PER_DAY,
// SMS_QUIET_HOURS and TWILIO_API_URL (SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by the platform).
import { hostedEnvironment, requiredEnv } from '../_shared/deno-environment.ts';
import { twilioSmsProvider } from '../_shared/sms-sender.ts';
import { DEFAULT_SMS_LIMITS } from '../../../shared/sms/sms-limits.ts';
import { createSendSmsHandler } from './handler.ts';

const whole = (name: string, fallback: number) => {
  const value = Number(Deno.env.get(name) || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number, 1 or more`);
  return value;
};

Deno.serve(
  createSendSmsHandler({
    ...hostedEnvironment(),
    provider: twilioSmsProvider({
      accountSid: requiredEnv('TWILIO_ACCOUNT_SID'),
      authToken: requiredEnv('TWILIO_AUTH_TOKEN'),
      from: requiredEnv('TWILIO_FROM_NUMBER'),
      apiUrl: Deno.env.get('TWILIO_API_URL') || 'https://api.twilio.com',
    }),
    limits: {
      perHour: whole('SMS_LIMIT_PER_HOUR', DEFAULT_SMS_LIMITS.perHour),
      perDay: whole('SMS_LIMIT_PER_DAY', DEFAULT_SMS_LIMITS.perDay),
    },
    quietHours: Deno.env.get('SMS_QUIET_HOURS') !== 'off',
    statusCallbackUrl: requiredEnv('SMS_WEBHOOK_URL'),
  }),
);
