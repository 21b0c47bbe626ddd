import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyHeldBackApplicantEvents } from '../../supabase/functions/_shared/applicant-events.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { mailbox, uniqueEmail } from '../support/auth-helpers.ts';
import { collectingMail } from '../support/collecting-mail.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';

/**
 * An applicant's e-mail about an officer's decision is sent by the officer's browser right after the decision
 * (notify-applicant). When that call never comes or is refused (the officer's session was signed out in another
 * window while this one still held a valid token; the connection dropped), the server sends it on its own.
 * The server here retries every second (NOTIFICATION_RETRY_INTERVAL, 60 by default).
 */

let backend: TestBackend;
/** A server whose own retry waits an hour: the retry's rules tried by calling it directly. */
let quiet: TestBackend;
let officer: TestUser;
let quietOfficer: TestUser;

beforeAll(async () => {
  backend = await startTestBackend({ NOTIFICATION_RETRY_INTERVAL: '1' });
  officer = await backend.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });
  quiet = await startTestBackend({ NOTIFICATION_RETRY_INTERVAL: '3600' });
  quietOfficer = await quiet.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });
});

afterAll(async () => {
  await backend?.close();
  await quiet?.close();
});

async function decidedApplication(on: TestBackend, by: TestUser, email: string): Promise<string> {
  const { data, error } = await on.service
    .from('applications')
    .insert(qualifiedApplicationRow({ email }))
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const id = String(data.id);
  const decided = await on
    .client(by)
    .rpc('decide_application', { application_id: id, decision: 'approved', reason: 'Strong cash flow.' });
  if (decided.error) throw new Error(decided.error.message);
  return id;
}

/** The retry's environment on the quiet server, its e-mails collected instead of sent. */
const collecting = (sendMail?: () => Promise<{ id: string }>) => collectingMail(quiet.service, sendMail);

async function notifiedAt(id: string): Promise<string | null | undefined> {
  const event = await quiet.service
    .from('application_events')
    .select('notified_at')
    .eq('application_id', id)
    .eq('kind', 'approved')
    .single();
  return event.data?.notified_at as string | null | undefined;
}

describe('a decision whose e-mail the officer’s browser did not send', () => {
  it('is e-mailed to the applicant by the server, once, within a few seconds', async () => {
    const email = uniqueEmail('held-back');
    const id = await decidedApplication(backend, officer, email);
    // No notify-applicant call: as when it was refused or never made.
    await expect
      .poll(async () => (await mailbox(backend.server, email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toEqual([expect.stringContaining('your application has been approved')]);
    // Its link names this server as the e-mails sent during a request do (HOST 127.0.0.1, no SITE_URL).
    expect((await mailbox(backend.server, email))[0]?.text).toContain(`${backend.server.url}/portal`);
    const event = await backend.service
      .from('application_events')
      .select('notified_at')
      .eq('application_id', id)
      .eq('kind', 'approved')
      .single();
    expect(event.data?.notified_at).not.toBeNull();
    // The officer's call coming late finds nothing left to send, and the retries send nothing more.
    const late = await backend.client(officer).functions.invoke('notify-applicant', { body: { applicationId: id } });
    expect(late.data).toEqual({ success: true, sent: 0 });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await mailbox(backend.server, email)).toHaveLength(1);
  });
});

describe('the retry of held-back e-mails', () => {
  it('sends an e-mail once when the officer’s call and the retry run at the same time', async () => {
    const email = uniqueEmail('both-at-once');
    const id = await decidedApplication(quiet, quietOfficer, email);
    const { sent, environment } = collecting();
    const [call, retried] = await Promise.all([
      quiet.client(quietOfficer).functions.invoke('notify-applicant', { body: { applicationId: id } }),
      notifyHeldBackApplicantEvents(environment, 0),
    ]);
    const byTheCall = (call.data as { sent: number }).sent;
    const byTheRetry = sent.filter((message) => message.to === email).length;
    expect(byTheCall + byTheRetry).toBe(1);
    expect(retried).toBeGreaterThanOrEqual(byTheRetry);
    expect(await mailbox(quiet.server, email)).toHaveLength(byTheCall);
  });

  it('leaves a change younger than the interval, and one older than a week', async () => {
    const old = uniqueEmail('last-month');
    const oldId = await decidedApplication(quiet, quietOfficer, old);
    await quiet.db.query(
      `update public.application_events set created_at = now() - interval '8 days' where application_id = $1`,
      [oldId],
    );
    const young = uniqueEmail('just-now');
    await decidedApplication(quiet, quietOfficer, young);
    const { sent, environment } = collecting();
    await notifyHeldBackApplicantEvents(environment, 3600);
    expect(sent.map((message) => message.to)).not.toContain(young);
    expect(sent.map((message) => message.to)).not.toContain(old);
    await notifyHeldBackApplicantEvents(environment, 0);
    expect(sent.filter((message) => message.to === young)).toHaveLength(1);
    expect(sent.map((message) => message.to)).not.toContain(old);
    expect(await notifiedAt(oldId)).toBeNull();
  });

  it('gives an event back when its e-mail fails, so that the next retry sends it', async () => {
    const email = uniqueEmail('smtp-down');
    const id = await decidedApplication(quiet, quietOfficer, email);
    const down = collecting(async () => {
      throw new Error('SMTP relay unreachable');
    });
    await expect(notifyHeldBackApplicantEvents(down.environment, 0)).rejects.toThrow('SMTP relay unreachable');
    expect(await notifiedAt(id)).toBeNull();
    const { sent, environment } = collecting();
    await notifyHeldBackApplicantEvents(environment, 0);
    expect(sent.filter((message) => message.to === email)).toHaveLength(1);
    expect(await notifiedAt(id)).not.toBeNull();
  });
});
