import type { SupabaseClient } from '@supabase/supabase-js';
import { inboundKeyword } from '../../../shared/sms/sms-keywords.ts';
import { SMS_REPLIES } from '../../../shared/sms/sms-texts.ts';

/**
 * A text an applicant's phone sent us (docs/product.md §12), as the sms-webhook function takes it from Twilio and
 * the dev SMS outbox from a developer standing in for the phone: STOP and its synonyms opt the number out (it is
 * never texted again until it replies START: the portal cannot undo a STOP, its numbers being typed, not proved);
 * YES, START and the other opt-in words opt it in, which is also the proof that the number is its owner's and lets
 * news be texted to it (sms_number_confirmed); HELP is answered. Answers the reply to send back, or null for none
 * (a number that is not a US one, or words that are no keyword).
 */
export async function takeSmsReply(
  service: SupabaseClient,
  reply: { from: string; body: string },
  portalUrl: string,
): Promise<string | null> {
  const keyword = inboundKeyword(reply.body);
  if (!/^\+1[2-9]\d{9}$/.test(reply.from) || keyword === null) return null;
  if (keyword === 'help') return SMS_REPLIES.help(portalUrl);
  const { error } = await service.from('sms_opt_outs').upsert(
    {
      phone_e164: reply.from,
      opted_out: keyword === 'stop',
      changed_via: keyword === 'stop' ? 'reply_stop' : 'reply_start',
      changed_at: new Date().toISOString(),
    },
    { onConflict: 'phone_e164' },
  );
  if (error) throw new Error(error.message);
  return keyword === 'stop' ? SMS_REPLIES.stop : SMS_REPLIES.start;
}
