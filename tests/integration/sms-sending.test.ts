import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SMS_LIMITS } from '../../shared/sms/sms-limits.ts';
import { smsSendTime } from '../../shared/sms/quiet-hours.ts';
import {
  devSmsProvider,
  sendDueTexts,
  twilioSmsProvider,
  type SmsEnvironment,
} from '../../supabase/functions/_shared/sms-sender.ts';
import { takeSmsReply } from '../../supabase/functions/_shared/sms-replies.ts';
import { SMS_REPLIES, smsConfirmationText } from '../../shared/sms/sms-texts.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { startTestBackend, type TestBackend } from '../support/database-actors.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../support/hosted-stand-ins.ts';

/**
 * Sending the queued texts (supabase/functions/_shared/sms-sender.ts) against the real database and a loopback
 * stand-in of Twilio's Messages API that records each request: who is texted and with what words, quiet hours and
 * limits, and a provider that refuses.
 */

let backend: TestBackend;
let twilio: TwilioStandIn;

beforeAll(async () => {
  // The server's own timer waits an hour: the tests send the texts themselves, at the moments they choose.
  backend = await startTestBackend({ SMS_SEND_INTERVAL: '3600' });
  twilio = await startTwilioStandIn();
});
afterAll(async () => {
  await twilio?.close();
  await backend?.close();
});
beforeEach(() => {
  twilio.requests.length = 0;
  twilio.refusing = false;
});

const siteUrl = 'https://loans.example';
const environment = (): SmsEnvironment => ({
  service: backend.service,
  siteUrl,
  provider: twilioSmsProvider({ accountSid: 'AC123', authToken: 'secret', from: '+12085550100', apiUrl: twilio.url }),
  limits: DEFAULT_SMS_LIMITS,
  quietHours: true,
  statusCallbackUrl: `${siteUrl}/functions/v1/sms-webhook`,
});
// Noon in Nevada (the business's state of the test rows), in winter and in summer.
const noonInNevada = new Date('2026-11-28T20:00:00Z');

let numbers = 0;
function freshNumber(): { typed: string; e164: string } {
  numbers += 1;
  const line = String(1000 + ((Date.now() + numbers * 53) % 9000));
  return { typed: `(775) 555-${line}`, e164: `+1775555${line}` };
}

/**
 * An application whose applicant asked for texts at a number of their own, decided (the event that texts). Unless
 * `confirmed` is false, the number has said YES from the phone before.
 */
async function decided(options: { sms?: boolean; phone?: string; confirmed?: boolean } = {}) {
  const number = freshNumber();
  const phone = options.phone ?? number.typed;
  if ((options.sms ?? true) && (options.confirmed ?? true)) {
    await takeSmsReply(backend.service, { from: `+1${phone.replace(/\D/g, '').slice(-10)}`, body: 'YES' }, siteUrl);
  }
  const { data, error } = await backend.service
    .from('applications')
    .insert(qualifiedApplicationRow({ email: uniqueEmail('texted'), phone, receive_sms: options.sms ?? true }))
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const applicationId = String(data.id);
  await backend.db.query("update public.applications set status = 'approved' where id = $1", [applicationId]);
  return { applicationId, e164: options.phone ? `+1${options.phone.replace(/\D/g, '').slice(-10)}` : number.e164 };
}

async function texts(applicationId: string) {
  const { data } = await backend.service
    .from('sms_messages')
    .select('kind, status, body, provider_sid, status_detail, send_after, phone_e164')
    .eq('application_id', applicationId)
    .order('created_at');
  return data ?? [];
}

describe('a decision texted to an applicant who asked for texts', () => {
  it('goes to Twilio with the first name, the portal link and how to stop, and nothing of the business', async () => {
    const { applicationId, e164 } = await decided();
    const sent = await sendDueTexts(environment(), 50, noonInNevada);
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    const request = twilio.requests.find((item) => item.form.To === e164);
    expect(request).toMatchObject({
      path: '/2010-04-01/Accounts/AC123/Messages.json',
      authorization: `Basic ${Buffer.from('AC123:secret').toString('base64')}`,
      form: {
        To: e164,
        From: '+12085550100',
        StatusCallback: `${siteUrl}/functions/v1/sms-webhook`,
        Body: 'Loan Match: Hi Maria, your loan application was approved. Open your portal: https://loans.example/portal Reply STOP to opt out, HELP for help.',
      },
    });
    const [text] = await texts(applicationId);
    expect(text).toMatchObject({ kind: 'approved', status: 'sent', body: request!.form.Body });
    expect(text!.provider_sid).toMatch(/^SM/);
    expect(request!.form.Body).not.toMatch(/Bakery|\$|NV/);
  });

  it('tells how to stop only in the first text to a number', async () => {
    const first = await decided();
    await sendDueTexts(environment(), 50, noonInNevada);
    const again = await decided({ phone: `(775) 555-${first.e164.slice(-4)}` });
    await sendDueTexts(environment(), 50, noonInNevada);
    const [text] = await texts(again.applicationId);
    expect(text?.status).toBe('sent');
    expect(text?.body).not.toContain('Reply STOP');
  });

  it('is not sent to an applicant who did not ask, nor to a number that replied STOP', async () => {
    const silent = await decided({ sms: false });
    const stopped = await decided();
    await takeSmsReply(backend.service, { from: stopped.e164, body: 'STOP' }, siteUrl);
    await sendDueTexts(environment(), 50, noonInNevada);
    expect(await texts(silent.applicationId)).toEqual([]);
    // Queued before the STOP arrived: skipped when its turn came, in words the officer reads.
    expect(await texts(stopped.applicationId)).toEqual([
      expect.objectContaining({ status: 'skipped', status_detail: 'Not sent: the number replied STOP' }),
    ]);
    expect(twilio.requests.filter((item) => item.form.To === stopped.e164)).toEqual([]);
  });

  it('is held at night in the business’s state, until 8 am there', async () => {
    const { applicationId, e164 } = await decided();
    const threeAmInNevada = new Date('2026-11-28T11:00:00Z');
    await sendDueTexts(environment(), 50, threeAmInNevada);
    const [text] = await texts(applicationId);
    expect(text).toMatchObject({ status: 'queued', status_detail: 'Held for the night in the business’s state' });
    expect(new Date(String(text!.send_after)).toISOString()).toBe(smsSendTime(threeAmInNevada, 'NV').toISOString());
    expect(twilio.requests.filter((item) => item.form.To === e164)).toEqual([]);
    // With quiet hours off (a server of one's own), it goes at once.
    await backend.db.query('update public.sms_messages set send_after = now() where application_id = $1', [
      applicationId,
    ]);
    await sendDueTexts({ ...environment(), quietHours: false }, 50, threeAmInNevada);
    expect((await texts(applicationId))[0]?.status).toBe('sent');
  });

  it('is held once the number had its texts for the hour', async () => {
    const { applicationId, e164 } = await decided();
    const recently = new Date(Date.now() - 10 * 60_000).toISOString();
    for (let index = 0; index < DEFAULT_SMS_LIMITS.perHour; index += 1) {
      await backend.service.from('sms_messages').insert({
        application_id: applicationId,
        kind: 'approved',
        phone_e164: e164,
        status: 'sent',
        sent_at: recently,
      });
    }
    await sendDueTexts(environment(), 50, new Date());
    const held = (await texts(applicationId)).find((text) => text.status === 'queued');
    expect(held?.status_detail).toBe('Held: this number had as many texts as it may for now');
    expect(new Date(String(held!.send_after)).getTime()).toBeGreaterThan(Date.now());
  });

  it('fails in the provider’s words and leaves the decision as it is', async () => {
    const { applicationId } = await decided();
    twilio.refusing = true;
    const outcome = await sendDueTexts(environment(), 50, noonInNevada);
    expect(outcome.failed).toBeGreaterThanOrEqual(1);
    const [text] = await texts(applicationId);
    expect(text).toMatchObject({
      status: 'failed',
      status_detail: "Twilio refused the text: The 'To' number is not a valid phone number. (21211)",
    });
    const { data } = await backend.service.from('applications').select('status').eq('id', applicationId).single();
    expect(data?.status).toBe('approved');
  });
});

describe('a number not yet proved to be the applicant’s', () => {
  it('gets one text asking for YES, naming no one, and its news only once the phone said YES', async () => {
    const { applicationId, e164 } = await decided({ confirmed: false });
    await sendDueTexts(environment(), 50, noonInNevada);
    expect(twilio.requests.filter((item) => item.form.To === e164).map((item) => item.form.Body)).toEqual([
      smsConfirmationText(),
    ]);
    expect((await texts(applicationId)).map((text) => [text.kind, text.status])).toEqual([['confirm_number', 'sent']]);

    expect(await takeSmsReply(backend.service, { from: e164, body: 'Yes' }, siteUrl)).toBe(SMS_REPLIES.start);
    await backend.db.query("insert into public.application_events (application_id, kind) values ($1, 'offer_made')", [
      applicationId,
    ]);
    await sendDueTexts(environment(), 50, noonInNevada);
    expect(twilio.requests.filter((item) => item.form.To === e164).map((item) => item.form.Body)).toEqual([
      smsConfirmationText(),
      // The number had a text already, which said how to stop them.
      'Loan Match: Hi Maria, you have a new loan offer. Open your portal: https://loans.example/portal',
    ]);
  });

  it('skips news queued for a number that never said yes, and the request to one that said it meanwhile', async () => {
    const unproved = await decided({ confirmed: false });
    const proved = await decided({ confirmed: false });
    // News queued for the unproved number before this rule; the proved number's owner answers YES before its turn.
    await backend.service
      .from('sms_messages')
      .insert({ application_id: unproved.applicationId, kind: 'approved', phone_e164: unproved.e164 });
    await takeSmsReply(backend.service, { from: proved.e164, body: 'START' }, siteUrl);
    await sendDueTexts(environment(), 50, noonInNevada);
    expect((await texts(unproved.applicationId)).map((text) => [text.kind, text.status, text.status_detail])).toEqual([
      ['confirm_number', 'sent', null],
      ['approved', 'skipped', 'Not sent: the number has not replied YES to our first text'],
    ]);
    expect((await texts(proved.applicationId)).map((text) => [text.kind, text.status, text.status_detail])).toEqual([
      ['confirm_number', 'skipped', 'Not sent: the number has said yes already'],
    ]);
  });
});

describe('the dev outbox', () => {
  it('takes the texts without a provider, each with an id the dev outbox lists', async () => {
    const { applicationId } = await decided();
    await sendDueTexts({ ...environment(), provider: devSmsProvider(), statusCallbackUrl: null }, 50, noonInNevada);
    const [text] = await texts(applicationId);
    expect(text?.status).toBe('sent');
    expect(text?.provider_sid).toMatch(/^dev-/);
    // Listed beside the dev mailbox, on the mailbox's terms: this machine's own browser only.
    const e164 = String(text?.phone_e164);
    const listed = await fetch(`${backend.server.url}/_dev/sms/messages?to=${encodeURIComponent(e164)}`);
    expect(await listed.json()).toEqual([expect.objectContaining({ to: e164, kind: 'approved', body: text?.body })]);
    const page = await fetch(`${backend.server.url}/_dev/sms`);
    expect(await page.text()).toContain('Dev SMS outbox');
    const proxied = await fetch(`${backend.server.url}/_dev/sms/messages`, {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(proxied.status).toBe(404);

    // A developer answers as the phone would: the reply is taken as the SMS webhook takes Twilio's.
    const reply = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${backend.server.url}/_dev/sms/replies`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const stopped = await reply({ from: e164, body: 'STOP' });
    expect(await stopped.json()).toEqual({ reply: SMS_REPLIES.stop });
    const { data: optOut } = await backend.service
      .from('sms_opt_outs')
      .select('opted_out, changed_via')
      .eq('phone_e164', e164)
      .single();
    expect(optOut).toEqual({ opted_out: true, changed_via: 'reply_stop' });
    expect(await (await reply({ from: e164, body: 'hello' })).json()).toEqual({ reply: null });
    expect((await reply({ from: e164 })).status).toBe(400);
    expect((await reply({ from: e164, body: 'YES' }, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(404);
  });
});
