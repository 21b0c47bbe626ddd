import type { SupabaseClient } from '@supabase/supabase-js';
import { smsLimitCheck } from '../../../shared/sms/sms-limits.ts';
import { smsSendTime } from '../../../shared/sms/quiet-hours.ts';
import { smsNumberConfirmed } from '../../../shared/sms/sms-consent.ts';
import { CONFIRM_NUMBER_KIND, smsConfirmationText, smsKindOfEvent, smsText } from '../../../shared/sms/sms-texts.ts';

/**
 * Sending the texts the database queued (docs/product.md §12): each due text is claimed by one sender
 * (claim_due_sms), checked again against the applicant's latest consent and the number's opt-out and yes (news goes
 * only to a number whose owner replied YES; the text asking for that, to one that has not yet), held for the
 * quiet hours of the business's state and for the limits per number, then handed to the provider. Whatever the
 * provider says, the change the text reports stands: a failed text is marked failed with the provider's words.
 */

/** Where texts go: Twilio's Messages API, or the dev outbox when no provider is configured. */
export type SmsProvider = {
  /** 'twilio' or 'dev' (the dev outbox lists the texts a 'dev' provider took). */
  name: string;
  /** Hands the text over; answers the provider's id of the message. Throws with the provider's words. */
  send(message: { to: string; body: string; statusCallback: string | null }): Promise<{ sid: string }>;
};

/** The texts a 'dev' provider takes are kept only as rows of sms_messages, which the dev outbox lists. */
export const DEV_SMS_SID_PREFIX = 'dev-';

export function devSmsProvider(): SmsProvider {
  return { name: 'dev', send: async () => ({ sid: `${DEV_SMS_SID_PREFIX}${crypto.randomUUID()}` }) };
}

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** The sender number, in E.164. */
  from: string;
  /** Twilio's API; a loopback stand-in in tests. */
  apiUrl: string;
};

/** Twilio's Messages API: a form POST with the account's credentials, answering the message's sid. */
export function twilioSmsProvider(settings: TwilioSettings): SmsProvider {
  const endpoint = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${btoa(`${settings.accountSid}:${settings.authToken}`)}`;
  return {
    name: 'twilio',
    async send({ to, body, statusCallback }) {
      const form = new URLSearchParams({ To: to, From: settings.from, Body: body });
      if (statusCallback) form.set('StatusCallback', statusCallback);
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; message?: unknown; code?: unknown };
      if (!response.ok || typeof answer.sid !== 'string') {
        const words = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
        throw new Error(`Twilio refused the text: ${words}${answer.code ? ` (${String(answer.code)})` : ''}`);
      }
      return { sid: answer.sid };
    },
  };
}

export type SmsEnvironment = {
  service: SupabaseClient;
  siteUrl: string;
  provider: SmsProvider;
  /** At most this many texts to one number in an hour and in a day. */
  limits: { perHour: number; perDay: number };
  /** No text between 9 pm and 8 am in the business's state; false sends at any hour. */
  quietHours: boolean;
  /** Where the provider reports each text's delivery (the sms-webhook function); none for the dev outbox. */
  statusCallbackUrl: string | null;
};

type ClaimedText = {
  id: string;
  application_id: string;
  kind: string;
  phone_e164: string;
  first_name: string;
  state: string;
  number_texted_before: boolean;
};

async function settle(service: SupabaseClient, id: string, change: Record<string, unknown>): Promise<void> {
  const { error } = await service.from('sms_messages').update(change).eq('id', id);
  if (error) throw new Error(error.message);
}

/**
 * Why the text must not go now, or null: the application's latest consent no longer asks for texts at this number,
 * the number replied STOP, news to a number that has not said yes from that phone, or the request for that yes to
 * a number that has said it since.
 */
async function whyNotWanted(service: SupabaseClient, text: ClaimedText): Promise<string | null> {
  const [consent, optOut] = await Promise.all([
    service
      .from('sms_consents')
      .select('consented, phone_e164')
      .eq('application_id', text.application_id)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(1)
      .maybeSingle(),
    service.from('sms_opt_outs').select('opted_out, changed_via').eq('phone_e164', text.phone_e164).maybeSingle(),
  ]);
  if (consent.error) throw new Error(consent.error.message);
  if (optOut.error) throw new Error(optOut.error.message);
  if (!consent.data?.consented || consent.data.phone_e164 !== text.phone_e164) {
    return 'Not sent: the applicant no longer asks for texts at this number';
  }
  if (optOut.data?.opted_out) return 'Not sent: the number replied STOP';
  const confirmed = smsNumberConfirmed(optOut.data);
  if (text.kind === CONFIRM_NUMBER_KIND && confirmed) return 'Not sent: the number has said yes already';
  if (text.kind !== CONFIRM_NUMBER_KIND && !confirmed)
    return 'Not sent: the number has not replied YES to our first text';
  return null;
}

/** The words of a claimed text: the request to reply YES, or an event's; null for an event no text is written for. */
function wordsOf(text: ClaimedText, portalUrl: string): string | null {
  if (text.kind === CONFIRM_NUMBER_KIND) return smsConfirmationText();
  const kind = smsKindOfEvent(text.kind);
  return kind ? smsText(kind, text.first_name, portalUrl, { first: !text.number_texted_before }) : null;
}

/** When the number was texted in the last day (the limits count those). */
async function sentInLastDay(service: SupabaseClient, phone: string, now: Date): Promise<Date[]> {
  const { data, error } = await service
    .from('sms_messages')
    .select('sent_at')
    .eq('phone_e164', phone)
    .gt('sent_at', new Date(now.getTime() - 24 * 3_600_000).toISOString());
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => new Date(String(row.sent_at)));
}

/**
 * Sends the texts due now, at most `atMost`. Answers how many went to the provider, were held (quiet hours,
 * limits), skipped (consent withdrawn, opted out, not confirmed) or failed.
 */
export async function sendDueTexts(
  environment: SmsEnvironment,
  atMost = 20,
  now = new Date(),
): Promise<{ sent: number; held: number; skipped: number; failed: number }> {
  const { service } = environment;
  const claimed = await service.rpc('claim_due_sms', { at_most: atMost });
  if (claimed.error) throw new Error(claimed.error.message);
  const outcome = { sent: 0, held: 0, skipped: 0, failed: 0 };
  for (const text of (claimed.data ?? []) as ClaimedText[]) {
    const body = wordsOf(text, `${environment.siteUrl}/portal`);
    const unwanted = body ? await whyNotWanted(service, text) : 'Not sent: no text is written for this event';
    if (unwanted || !body) {
      await settle(service, text.id, { status: 'skipped', status_detail: unwanted });
      outcome.skipped += 1;
      continue;
    }
    const daytime = environment.quietHours ? smsSendTime(now, text.state) : now;
    const limit = smsLimitCheck(await sentInLastDay(service, text.phone_e164, now), now, environment.limits);
    const later = [daytime.getTime() > now.getTime() ? daytime : null, limit.ok ? null : limit.retryAt]
      .filter((date): date is Date => date !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (later) {
      await settle(service, text.id, {
        status: 'queued',
        send_after: later.toISOString(),
        status_detail: limit.ok
          ? 'Held for the night in the business’s state'
          : 'Held: this number had as many texts as it may for now',
      });
      outcome.held += 1;
      continue;
    }
    try {
      const { sid } = await environment.provider.send({
        to: text.phone_e164,
        body,
        statusCallback: environment.statusCallbackUrl,
      });
      await settle(service, text.id, {
        status: 'sent',
        body,
        provider_sid: sid,
        sent_at: new Date().toISOString(),
        status_detail: null,
      });
      outcome.sent += 1;
    } catch (error) {
      await settle(service, text.id, {
        status: 'failed',
        body,
        status_detail: error instanceof Error ? error.message : String(error),
      });
      outcome.failed += 1;
    }
  }
  return outcome;
}
