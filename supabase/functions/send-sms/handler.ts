import { json, preflight, type FunctionHandler } from '../_shared/http.ts';
import type { FunctionEnvironment } from '../_shared/service-client.ts';
import { fromServiceRole } from '../_shared/service-role.ts';
import { sendDueTexts, type SmsEnvironment } from '../_shared/sms-sender.ts';

/**
 * send-sms: sends the texts that are due (supabase/functions/_shared/sms-sender.ts). A hosted project's pg_cron
 * calls it every minute with the service-role key (README, Hosted Supabase); server/ runs the same work on its own
 * timer. Only the service role may call it. Answers {success, sent, held, skipped, failed}.
 */
export function createSendSmsHandler(environment: FunctionEnvironment & Omit<SmsEnvironment, 'service' | 'siteUrl'>) {
  const handler: FunctionHandler = async (request) => {
    const early = preflight(request);
    if (early) return early;
    if (!(await fromServiceRole(request, environment))) {
      return json({ success: false, error: 'Only the service role can send the texts' }, 403);
    }
    try {
      return json({ success: true, ...(await sendDueTexts(environment)) });
    } catch (error) {
      console.error('send-sms failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: 'Failed to send the texts' }, 500);
    }
  };
  return handler;
}
