import type { SupabaseClient } from '@supabase/supabase-js';
import type { MailMessage, SendMail } from '../../supabase/functions/_shared/mail.ts';

/**
 * The environment of the server's e-mailing work (what it runs on a timer), with the e-mails collected in `sent`
 * instead of delivered, or handed to `sendMail` (one that fails, say).
 */
export function collectingMail(service: SupabaseClient, sendMail?: SendMail) {
  const sent: MailMessage[] = [];
  return {
    sent,
    environment: {
      service,
      siteUrl: 'https://loans.example',
      sendMail:
        sendMail ??
        (async (message: MailMessage) => {
          sent.push(message);
          return { id: String(sent.length) };
        }),
    },
  };
}
