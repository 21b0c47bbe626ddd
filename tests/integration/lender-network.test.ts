import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchLenders, type Lender } from '../../shared/matching/lender-match.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';

/**
 * The lender network in the database (20261123130000_lender_network.sql): the sample network, what an
 * applicant may see of it, consent per lender answered by the applicant only, and packages refused to a
 * lender the applicant has not approved.
 */
let backend: TestBackend;
let officer: TestUser;
let applicant: TestUser;
let stranger: TestUser;
let applicationId: string;
let lenderId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  officer = await backend.createUser({ appRole: 'admin' });
  applicant = await backend.createUser();
  stranger = await backend.createUser();
  const { data, error } = await backend.service
    .from('applications')
    .insert(qualifiedApplicationRow({ user_id: applicant.id, email: applicant.email }))
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  applicationId = String(data.id);
  // Packages are made for approved applications.
  await backend.db.query(
    `update public.applications set status = 'approved', decided_at = now(), decided_by = $2 where id = $1`,
    [applicationId, officer.id],
  );
  const lenders = await backend
    .client(officer)
    .from('lenders')
    .select('id')
    .eq('name', 'Sierra Community Bank (sample)');
  lenderId = String(lenders.data![0]!.id);
});
afterAll(() => backend?.close());

async function askConsent(lender = lenderId): Promise<string> {
  const { data, error } = await backend
    .client(officer)
    .from('lender_consents')
    .insert({ application_id: applicationId, lender_id: lender, requested_by: officer.id })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return String(data.id);
}

function packageTo(lender: string) {
  return backend.client(officer).from('bank_packages').insert({
    application_id: applicationId,
    summary: 'Executive summary',
    generated_by: officer.id,
    lender_id: lender,
  });
}

describe('the lender network', () => {
  it('ships a dozen fictional lenders marked as sample data, one of them paused, all valid for matching', async () => {
    const { data } = await backend.client(officer).from('lenders').select('*').order('name');
    const lenders = (data ?? []) as Lender[];
    expect(lenders).toHaveLength(12);
    expect(lenders.every((lender) => lender.is_sample && lender.name.endsWith('(sample)'))).toBe(true);
    expect(lenders.filter((lender) => !lender.active).map((lender) => lender.name)).toEqual([
      'Paused Prairie Bank (sample)',
    ]);
    const application = qualifiedApplicationRow({});
    const matches = matchLenders({ ...application, industry: String(application.industry) } as never, lenders);
    expect(matches).toHaveLength(11);
    expect(new Set(matches.map((match) => match.outcome)).size).toBeGreaterThan(1);
  });

  it('gives an applicant the criteria of active lenders, never their names or contacts; a visitor nothing', async () => {
    const { data, error } = await backend.client(applicant).rpc('lender_criteria');
    expect(error).toBeNull();
    expect(data).toHaveLength(11);
    expect(Object.keys(data![0]!)).not.toContain('name');
    expect(JSON.stringify(data)).not.toMatch(/sample|example|Sierra/);
    expect((await backend.client(applicant).from('lenders').select('name')).data).toEqual([]);
    expect((await backend.client('anon').rpc('lender_criteria')).error?.code).toBe('42501');
  });

  it('lets only the applicant answer a consent request, shows them the lender asked about, and audits each answer', async () => {
    const consentId = await askConsent();
    const shown = await backend.client(applicant).rpc('consent_lenders');
    expect(shown.data).toEqual([
      expect.objectContaining({
        consent_id: consentId,
        status: 'requested',
        lender_name: 'Sierra Community Bank (sample)',
      }),
    ]);
    expect((await backend.client(stranger).rpc('consent_lenders')).data).toEqual([]);
    const refused = await backend
      .client(stranger)
      .rpc('answer_lender_consent', { consent_id: consentId, answer: 'approved' });
    expect(refused.error?.code).toBe('P0002');
    const early = await backend
      .client(applicant)
      .rpc('answer_lender_consent', { consent_id: consentId, answer: 'withdrawn' });
    expect(early.error?.code).toBe('22023');

    const approved = await backend
      .client(applicant)
      .rpc('answer_lender_consent', { consent_id: consentId, answer: 'approved' });
    expect(approved.error).toBeNull();
    expect(approved.data).toEqual([expect.objectContaining({ status: 'approved' })]);
    const audit = await backend.db.query<{ action: string; actor_id: string }>(
      `select action, actor_id from public.audit_log where record_id = $1 order by id`,
      [consentId],
    );
    expect(audit.rows).toEqual([
      { action: 'lender_consent.created', actor_id: officer.id },
      { action: 'lender_consent.approved', actor_id: applicant.id },
    ]);
  });

  it('refuses a package to a lender the applicant has not approved, and again once the approval is withdrawn', async () => {
    const other = await backend
      .client(officer)
      .from('lenders')
      .select('id')
      .eq('name', 'Great Plains SBA Lending (sample)');
    const otherId = String(other.data![0]!.id);
    expect((await packageTo(otherId)).error?.message).toBe('The applicant has not approved this lender');
    const consentId = await askConsent(otherId);
    expect((await packageTo(otherId)).error?.message).toBe('The applicant has not approved this lender');
    await backend.client(applicant).rpc('answer_lender_consent', { consent_id: consentId, answer: 'approved' });
    expect((await packageTo(otherId)).error).toBeNull();
    await backend.client(applicant).rpc('answer_lender_consent', { consent_id: consentId, answer: 'withdrawn' });
    expect((await packageTo(otherId)).error?.message).toBe('The applicant has not approved this lender');
  });

  it('takes one answer to a request: a tab that still shows it is told the answer given, and changes nothing', async () => {
    const lenderNamed = async (name: string) =>
      String((await backend.client(officer).from('lenders').select('id').eq('name', name)).data![0]!.id);
    const answer = (consentId: string, value: string) =>
      backend.client(applicant).rpc('answer_lender_consent', { consent_id: consentId, answer: value });
    const refusal = async (consentId: string, value: string) => {
      const { error } = await answer(consentId, value);
      return [error?.code, error?.message];
    };
    const status = async (consentId: string) =>
      (await backend.service.from('lender_consents').select('status').eq('id', consentId).single()).data?.status;

    // Approved in one tab: declining it in another would leave the lender's link open.
    const approved = await askConsent(await lenderNamed('Harbor Express Capital (sample)'));
    expect((await answer(approved, 'approved')).error).toBeNull();
    const again = 'You have already approved this lender. To stop your file going to it, withdraw your approval.';
    expect(await refusal(approved, 'declined')).toEqual(['55000', again]);
    expect(await refusal(approved, 'approved')).toEqual(['55000', again]);
    expect(await status(approved)).toBe('approved');
    expect((await answer(approved, 'withdrawn')).error).toBeNull();
    const withdrawn = 'You have already withdrawn your approval of this lender.';
    expect(await refusal(approved, 'withdrawn')).toEqual(['55000', withdrawn]);
    expect(await refusal(approved, 'approved')).toEqual(['55000', withdrawn]);
    expect(await status(approved)).toBe('withdrawn');

    // Declined in one tab, then approved in another: the first answer stands.
    const declined = await askConsent(await lenderNamed('Founders First Fund (sample)'));
    expect((await answer(declined, 'declined')).error).toBeNull();
    expect(await refusal(declined, 'approved')).toEqual(['55000', 'You have already declined this lender.']);
    expect(await status(declined)).toBe('declined');

    // Two answers at once: one is taken, the other told.
    const both = await askConsent(await lenderNamed('Main Street Micro Loans (sample)'));
    const answers = await Promise.all([answer(both, 'declined'), answer(both, 'approved')]);
    expect(answers.filter((result) => result.error === null)).toHaveLength(1);
    expect(answers.map((result) => result.error?.code).filter(Boolean)).toEqual(['55000']);
  });

  it('lets an officer ask about active lenders only', async () => {
    const paused = await backend.client(officer).from('lenders').select('id').eq('active', false);
    const { error } = await backend
      .client(officer)
      .from('lender_consents')
      .insert({ application_id: applicationId, lender_id: paused.data![0]!.id, requested_by: officer.id });
    expect(error?.code).toBe('42501');
  });

  it('refuses a second lender of a name already taken, whatever its letter case or the spaces around it', async () => {
    const lender = {
      contact_name: 'Sam Ortiz',
      contact_email: 'sam@twin.example',
      programs: ['sba_7a'],
      min_loan: 25_000,
      max_loan: 250_000,
    };
    const twin = await backend
      .client(officer)
      .from('lenders')
      .insert({ ...lender, name: '  SIERRA community Bank (Sample) ' });
    expect(twin.error?.code).toBe('23505');
    const renamed = await backend
      .client(officer)
      .from('lenders')
      .update({ name: 'sierra community bank (sample)' })
      .eq('name', 'Keystone 504 Partners (sample)');
    expect(renamed.error?.code).toBe('23505');
    // Its own name, in other letters, is still its own.
    const recased = await backend
      .client(officer)
      .from('lenders')
      .update({ name: 'Sierra Community Bank (Sample)' })
      .eq('id', lenderId)
      .select('name');
    expect(recased.error).toBeNull();
    expect(recased.data).toEqual([{ name: 'Sierra Community Bank (Sample)' }]);
    await backend.client(officer).from('lenders').update({ name: 'Sierra Community Bank (sample)' }).eq('id', lenderId);
  });
});
