import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEventKinds } from '../../shared/status/timeline.ts';
import { SMS_CONSENT_TEXTS } from '../../shared/sms/sms-consent.ts';
import { SMS_REPLIES, smsKindOfEvent } from '../../shared/sms/sms-texts.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { takeSmsReply } from '../../supabase/functions/_shared/sms-replies.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';

/**
 * Texts at the database (20261210100000_sms_notifications.sql): the consent of the application form and of the
 * portal recorded with its words, number and client address; which timeline events queue a text, for whom; the
 * claim of due texts by one sender at a time.
 */

let backend: TestBackend;
let officer: TestUser;

beforeAll(async () => {
  // The server's own timer waits an hour: what is queued stays queued for the test to read.
  backend = await startTestBackend({ SMS_SEND_INTERVAL: '3600' });
  officer = await backend.createUser({ appRole: 'admin', email: uniqueEmail('officer') });
});
afterAll(() => backend?.close());

let numbers = 0;
/** A number typed as people type it, and its E.164 spelling; each test's its own. */
function typedNumber(): { typed: string; e164: string } {
  numbers += 1;
  const line = String(1000 + ((Date.now() + numbers * 37) % 9000));
  return { typed: `(208) 555-${line}`, e164: `+1208555${line}` };
}

async function consents(applicationId: string) {
  const { data, error } = await backend.service
    .from('sms_consents')
    .select('phone_e164, consented, consent_text, source, client_address')
    .eq('application_id', applicationId)
    .order('created_at');
  if (error) throw new Error(error.message);
  return data;
}

/** A reply from the phone, taken as the SMS webhook takes Twilio's. */
async function replyFrom(phone: string, body: string) {
  const e164 = `+1${phone.replace(/\D/g, '').slice(-10)}`;
  return takeSmsReply(backend.service, { from: e164, body }, 'http://localhost/portal');
}

/**
 * An application of a new applicant, made through the API as the application form makes it; unless `confirmed` is
 * false, its number has already said YES from the phone (so only news is queued for it).
 */
async function appliedWithSms(receiveSms: boolean, phone: string, confirmed = true) {
  if (receiveSms && confirmed) await replyFrom(phone, 'YES');
  const applicant = await backend.createUser({ email: uniqueEmail('sms') });
  const row = qualifiedApplicationRow({
    user_id: applicant.id,
    email: applicant.email,
    phone,
    receive_sms: receiveSms,
  });
  const inserted = await backend.client(applicant).from('applications').insert(row);
  if (inserted.error) throw new Error(inserted.error.message);
  const { data } = await backend.service.from('applications').select('id').eq('email', applicant.email).single();
  return { applicant, applicationId: String(data!.id) };
}

/** A timeline event, as the database's own triggers and functions write them (nobody writes them through the API). */
async function event(applicationId: string, kind: string) {
  await backend.db.query('insert into public.application_events (application_id, kind) values ($1, $2)', [
    applicationId,
    kind,
  ]);
}

async function queuedKinds(applicationId: string) {
  const { data } = await backend.service
    .from('sms_messages')
    .select('kind, phone_e164, status')
    .eq('application_id', applicationId)
    .order('created_at');
  return data ?? [];
}

describe('the consent to texts', () => {
  it('is recorded from the application form with the checkbox’s words, the number in E.164 and the client’s address', async () => {
    const number = typedNumber();
    const { applicationId } = await appliedWithSms(true, number.typed);
    expect(await consents(applicationId)).toEqual([
      {
        phone_e164: number.e164,
        consented: true,
        consent_text: SMS_CONSENT_TEXTS.application_form,
        source: 'application_form',
        client_address: '127.0.0.1',
      },
    ]);
    const declined = await appliedWithSms(false, typedNumber().typed);
    expect(await consents(declined.applicationId)).toEqual([]);
  });

  it('is changed in the portal for every application of the applicant, with the words and the number', async () => {
    const first = typedNumber();
    const { applicant, applicationId } = await appliedWithSms(true, first.typed);
    const second = await backend
      .client(applicant)
      .from('applications')
      .insert(qualifiedApplicationRow({ user_id: applicant.id, email: applicant.email }))
      .select('id')
      .single();
    expect(second.error).toBeNull();
    const other = typedNumber();

    const set = (phone: string, enabled: boolean) =>
      backend.client(applicant).rpc('set_sms_preference', { phone, enabled });
    expect((await set('+1 208 555 01', true)).error).toMatchObject({
      code: '22023',
      message: 'Please enter a valid US mobile number, for example (208) 555-0134',
    });
    expect((await set(other.typed, true)).error).toBeNull();
    expect((await set(other.typed, false)).error).toBeNull();

    for (const id of [applicationId, String(second.data!.id)]) {
      const rows = await consents(id);
      expect(rows.slice(-2)).toEqual([
        expect.objectContaining({ phone_e164: other.e164, consented: true, consent_text: SMS_CONSENT_TEXTS.portal }),
        expect.objectContaining({ phone_e164: other.e164, consented: false, source: 'portal' }),
      ]);
    }
    // Nobody else's applications, and nobody signed out.
    const stranger = await backend.createUser({ email: uniqueEmail('stranger') });
    expect(
      (await backend.client(stranger).rpc('set_sms_preference', { phone: other.typed, enabled: true })).error,
    ).toMatchObject({ code: '22023', message: 'There is no application of yours to text you about yet' });
    expect(
      (await backend.anon.rpc('set_sms_preference', { phone: other.typed, enabled: true })).error?.message,
    ).toMatch(/permission denied/);
  });

  it('never undoes a STOP from the portal, whoever types the number: only a reply of START from the phone does', async () => {
    const number = typedNumber();
    const victim = await appliedWithSms(true, number.typed);
    await replyFrom(number.e164, 'STOP');
    const optOut = async () =>
      (await backend.service.from('sms_opt_outs').select('opted_out, changed_via').eq('phone_e164', number.e164)).data;
    const stopped = {
      code: '22023',
      message: 'This number replied STOP to our texts. To get them again, reply START to one of them from that phone.',
    };
    // Somebody else, with an application of their own, types the victim's number; then the victim in their portal.
    const stranger = await appliedWithSms(false, typedNumber().typed);
    for (const caller of [stranger.applicant, victim.applicant]) {
      const tried = await backend.client(caller).rpc('set_sms_preference', { phone: number.typed, enabled: true });
      expect(tried.error).toMatchObject(stopped);
    }
    expect(await optOut()).toEqual([{ opted_out: true, changed_via: 'reply_stop' }]);
    // Nothing recorded for the refused choice, and nothing texted to the number.
    expect((await consents(stranger.applicationId)).map((row) => row.phone_e164)).not.toContain(number.e164);
    expect(await consents(victim.applicationId)).toHaveLength(1);
    await event(victim.applicationId, 'approved');
    await event(stranger.applicationId, 'approved');
    expect(await queuedKinds(victim.applicationId)).toEqual([]);
    expect(await queuedKinds(stranger.applicationId)).toEqual([]);
    // Turning texts off stays possible; START from the phone (the SMS webhook's write) brings texts back.
    expect(
      (await backend.client(victim.applicant).rpc('set_sms_preference', { phone: number.typed, enabled: false })).error,
    ).toBeNull();
    expect(
      (await backend.client(victim.applicant).rpc('set_sms_preference', { phone: number.typed, enabled: true })).error,
    ).toMatchObject(stopped);
    await replyFrom(number.e164, 'START');
    expect(
      (await backend.client(victim.applicant).rpc('set_sms_preference', { phone: number.typed, enabled: true })).error,
    ).toBeNull();
    await event(victim.applicationId, 'document_requested');
    expect((await queuedKinds(victim.applicationId)).map((row) => row.kind)).toEqual(['document_requested']);
  });

  it('uses the same words as the screens', async () => {
    const { rows } = await backend.db.query<{ form: string; portal: string }>(
      `select public.sms_consent_text('application_form') as form, public.sms_consent_text('portal') as portal`,
    );
    expect(rows).toEqual([{ form: SMS_CONSENT_TEXTS.application_form, portal: SMS_CONSENT_TEXTS.portal }]);
  });
});

describe('a number not yet proved to be the applicant’s', () => {
  /** The texts waiting for a number, whatever application they are about. */
  async function textsTo(e164: string) {
    const { data } = await backend.service
      .from('sms_messages')
      .select('id, kind, status')
      .eq('phone_e164', e164)
      .order('created_at');
    return data ?? [];
  }

  it('is asked once to reply YES, and texted no news until it does', async () => {
    const number = typedNumber();
    const { applicant, applicationId } = await appliedWithSms(true, number.typed, false);
    expect((await textsTo(number.e164)).map((text) => [text.kind, text.status])).toEqual([
      ['confirm_number', 'queued'],
    ]);
    await event(applicationId, 'approved');
    // Saving the same number again in the portal (or typing it for another application) asks nothing more.
    expect(
      (await backend.client(applicant).rpc('set_sms_preference', { phone: number.typed, enabled: true })).error,
    ).toBeNull();
    expect((await textsTo(number.e164)).map((text) => text.kind)).toEqual(['confirm_number']);

    // YES from the phone: news is texted from then on (what happened before went by e-mail only).
    expect(await replyFrom(number.e164, 'yes')).toBe(SMS_REPLIES.start);
    await event(applicationId, 'document_requested');
    expect((await textsTo(number.e164)).map((text) => text.kind)).toEqual(['confirm_number', 'document_requested']);
    // A STOP since puts it back where it was: nothing is texted to it.
    await replyFrom(number.e164, 'STOP');
    await event(applicationId, 'offer_made');
    expect((await textsTo(number.e164)).map((text) => text.kind)).toEqual(['confirm_number', 'document_requested']);
  });

  it('gets no second request to confirm within a day of the last one sent, however often it is typed', async () => {
    const number = typedNumber();
    const { applicant } = await appliedWithSms(true, number.typed, false);
    const [asked] = await textsTo(number.e164);
    const sentAgo = (hours: number) =>
      backend.service
        .from('sms_messages')
        .update({ status: 'sent', sent_at: new Date(Date.now() - hours * 3_600_000).toISOString() })
        .eq('id', asked!.id);
    const typeAgain = () => backend.client(applicant).rpc('set_sms_preference', { phone: number.typed, enabled: true });
    expect((await sentAgo(1)).error).toBeNull();
    expect((await typeAgain()).error).toBeNull();
    const stranger = await appliedWithSms(true, number.typed, false);
    expect(stranger.applicationId).toBeTruthy();
    expect(await textsTo(number.e164)).toHaveLength(1);
    expect((await sentAgo(25)).error).toBeNull();
    expect((await typeAgain()).error).toBeNull();
    expect((await textsTo(number.e164)).map((text) => [text.kind, text.status])).toEqual([
      ['confirm_number', 'sent'],
      ['confirm_number', 'queued'],
    ]);
  });
});

describe('the texts queued for the timeline’s events', () => {
  it('queue one text for each event an applicant is texted about, to the number of the latest consent', async () => {
    const number = typedNumber();
    const { applicationId } = await appliedWithSms(true, number.typed);
    // The events shared/sms/sms-texts.ts words a text for: the database queues exactly those.
    const texted = applicationEventKinds.filter((kind) => smsKindOfEvent(kind) !== null);
    for (const kind of applicationEventKinds.filter((kind) => kind !== 'submitted')) await event(applicationId, kind);
    const queued = await queuedKinds(applicationId);
    expect(queued.map((row) => row.kind).sort()).toEqual([...texted].sort());
    expect(new Set(queued.map((row) => `${row.phone_e164} ${row.status}`))).toEqual(new Set([`${number.e164} queued`]));
  });

  it('queue nothing more of a kind while one waits, nothing after the consent is withdrawn or the number replied STOP', async () => {
    const number = typedNumber();
    const { applicant, applicationId } = await appliedWithSms(true, number.typed);
    await event(applicationId, 'document_needs_replacement');
    await event(applicationId, 'document_needs_replacement');
    expect(await queuedKinds(applicationId)).toHaveLength(1);

    await replyFrom(number.e164, 'STOP');
    await event(applicationId, 'approved');
    expect(await queuedKinds(applicationId)).toHaveLength(1);
    await replyFrom(number.e164, 'START');
    await event(applicationId, 'approved');
    expect((await queuedKinds(applicationId)).map((row) => row.kind)).toEqual([
      'document_needs_replacement',
      'approved',
    ]);
    await backend.client(applicant).rpc('set_sms_preference', { phone: number.typed, enabled: false });
    await event(applicationId, 'lender_declined');
    expect(await queuedKinds(applicationId)).toHaveLength(2);

    const silent = await appliedWithSms(false, typedNumber().typed);
    await event(silent.applicationId, 'approved');
    expect(await queuedKinds(silent.applicationId)).toEqual([]);
  });

  it('are read by officers and by the applicant they are about, nobody else', async () => {
    const { applicant, applicationId } = await appliedWithSms(true, typedNumber().typed);
    await event(applicationId, 'approved');
    const read = async (user: TestUser) =>
      (await backend.client(user).from('sms_messages').select('kind').eq('application_id', applicationId)).data;
    expect(await read(applicant)).toEqual([{ kind: 'approved' }]);
    expect(await read(officer)).toEqual([{ kind: 'approved' }]);
    const stranger = await backend.createUser({ email: uniqueEmail('stranger') });
    expect(await read(stranger)).toEqual([]);
    const numbersSeen = await backend.client(stranger).from('sms_consents').select('phone_e164');
    expect(numbersSeen.data).toEqual([]);
  });
});

describe('claiming due texts', () => {
  it('gives each due text to one sender, with the first name, the state and whether the number was texted before', async () => {
    const number = typedNumber();
    const { applicationId } = await appliedWithSms(true, number.typed);
    await event(applicationId, 'approved');
    await event(applicationId, 'document_requested');
    // Another text to the same number was sent before.
    await backend.service
      .from('sms_messages')
      .update({ send_after: new Date(Date.now() + 3_600_000).toISOString() })
      .eq('application_id', applicationId)
      .eq('kind', 'document_requested');

    const claim = () => backend.service.rpc('claim_due_sms', { at_most: 50 });
    const [one, two] = await Promise.all([claim(), claim()]);
    const mine = [...(one.data ?? []), ...(two.data ?? [])].filter(
      (row: { application_id: string }) => row.application_id === applicationId,
    );
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'approved',
        phone_e164: number.e164,
        first_name: 'Maria',
        state: 'NV',
        number_texted_before: false,
      }),
    ]);
    // Sorted: the two were queued within a millisecond, which PGlite's clock does not tell apart.
    expect((await queuedKinds(applicationId)).map((row) => [row.kind, row.status]).sort()).toEqual([
      ['approved', 'sending'],
      ['document_requested', 'queued'],
    ]);
    expect((await backend.client(officer).rpc('claim_due_sms', { at_most: 1 })).error?.message).toMatch(
      /permission denied/,
    );
  });
});
