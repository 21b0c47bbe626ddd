import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLenderToken } from '../../shared/matching/lender-answers.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { notifyHeldBackApplicantEvents } from '../../supabase/functions/_shared/applicant-events.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { collectingMail } from '../support/collecting-mail.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';
import { acceptOffer, inDays, offerTerms, sentLenderLink } from '../support/lender-links.ts';

/**
 * Offers and funding at the database (20261208100000_loan_offers_acceptance_and_stages.sql): a lender's link makes
 * and revises only its own package's offer; the applicant accepts one offer of their own application, once, and
 * what was accepted cannot change; the other lenders' links stop taking answers; the loan's stages go in order,
 * each once, recorded by an officer or the chosen lender's link; every race is decided by the database in words.
 */

let backend: TestBackend;
let officer: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  officer = await backend.createUser({ appRole: 'admin', email: uniqueEmail('officer') });
});
afterAll(() => backend?.close());

const today = () => new Date().toISOString().slice(0, 10);

async function serviceInsert(table: string, row: Record<string, unknown>): Promise<string> {
  const { data, error } = await backend.service.from(table).insert(row).select('id').single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return String(data.id);
}

/** An approved application of a new applicant. */
async function approvedApplication(): Promise<{ applicant: TestUser; applicationId: string }> {
  const applicant = await backend.createUser({ email: uniqueEmail('borrower') });
  const applicationId = await serviceInsert(
    'applications',
    qualifiedApplicationRow({ user_id: applicant.id, email: applicant.email, status: 'approved' }),
  );
  return { applicant, applicationId };
}

const lenderLink = (applicationId: string, label?: string) => sentLenderLink(backend.service, applicationId, label);

function makeOffer(token: string, changes: Record<string, unknown> = {}) {
  return backend.service.rpc('make_loan_offer', { token, ...offerTerms(changes) });
}

function accept(applicant: TestUser, offerId: string, fullName = 'Maria Lopez') {
  return acceptOffer(backend.service, applicant.id, offerId, fullName);
}

/** The audit entries of the application row itself (not of its offers, acceptance or stages). */
async function applicationAuditActions(applicationId: string) {
  const { data } = await backend.service
    .from('audit_log')
    .select('action')
    .eq('application_id', applicationId)
    .like('action', 'application.%');
  return data ?? [];
}

async function timeline(applicationId: string) {
  const { data } = await backend.service
    .from('application_events')
    .select('kind, subject, reason, actor_id')
    .eq('application_id', applicationId)
    .order('id');
  return data ?? [];
}

describe('a lender’s offer through its link', () => {
  it('is made, revised (each revision kept) and withdrawn; the package reads interested; the timeline says so', async () => {
    const { applicationId } = await approvedApplication();
    const link = await lenderLink(applicationId, 'Sierra Community Bank');
    const first = await makeOffer(link.token);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      revision: 1,
      amount: 250000,
      conditions: ['Personal guarantee', 'Life insurance on the owner'],
    });
    const revised = await makeOffer(link.token, { fixed_rate: 9.25 });
    expect(revised.data).toMatchObject({ revision: 2, fixed_rate: 9.25 });
    const withdrawn = await backend.service.rpc('withdraw_loan_offer', { token: link.token });
    expect(withdrawn.data).toMatchObject({ revision: 2 });
    expect(withdrawn.data.withdrawn_at).not.toBeNull();
    const again = await backend.service.rpc('withdraw_loan_offer', { token: link.token });
    expect(again.error?.message).toBe('There is no offer to withdraw');

    const { data: packageRow } = await backend.service
      .from('bank_packages')
      .select('status')
      .eq('id', link.packageId)
      .single();
    expect(packageRow?.status).toBe('interested');
    const { data: revisions } = await backend.service
      .from('loan_offers')
      .select('revision')
      .eq('package_id', link.packageId)
      .order('revision');
    expect(revisions).toEqual([{ revision: 1 }, { revision: 2 }]);
    expect((await timeline(applicationId)).map((event) => [event.kind, event.subject])).toEqual(
      expect.arrayContaining([
        ['offer_made', link.name],
        ['offer_revised', link.name],
        ['offer_withdrawn', link.name],
      ]),
    );
  });

  it('refuses bad terms in words, and an unknown or revoked link', async () => {
    const { applicationId } = await approvedApplication();
    const link = await lenderLink(applicationId);
    for (const changes of [
      { amount: 0 },
      { term_months: 0 },
      { rate_kind: 'variable' },
      { rate_kind: 'variable', fixed_rate: null, rate_index: 'libor', spread: 2 },
      { lender_fees: -1 },
    ]) {
      const refused = await makeOffer(link.token, changes);
      expect(refused.error?.message).toBe(
        'The offer is incomplete or out of range: check the amount, the rate, the term and the fees',
      );
    }
    // Two days back: yesterday in UTC may still be today somewhere in the US.
    expect((await makeOffer(link.token, { expires_on: inDays(-2) })).error?.message).toBe(
      'The offer must expire today or later',
    );
    // A year and a few days ahead: past a year from today anywhere in the US.
    for (const expiresOn of [inDays(368), '9999-12-31']) {
      expect((await makeOffer(link.token, { expires_on: expiresOn })).error?.message).toBe(
        'The offer can expire at most a year from today',
      );
    }
    expect((await makeOffer(newLenderToken())).error?.message).toBe('This link has expired or was revoked');
    const variable = await makeOffer(link.token, {
      rate_kind: 'variable',
      fixed_rate: null,
      rate_index: 'prime',
      spread: 2.75,
    });
    expect(variable.error).toBeNull();
  });

  it('is made or revised at most ten times in 24 hours through a link; the lender is told why, with 429', async () => {
    const { applicationId } = await approvedApplication();
    const link = await lenderLink(applicationId);
    for (let change = 1; change <= 10; change += 1) {
      expect((await makeOffer(link.token, { amount: 200_000 + change })).error).toBeNull();
    }
    const limit =
      'This offer was made or revised 10 times in the last 24 hours, the most a day allows: change it again tomorrow, or write to the loan officer';
    expect((await makeOffer(link.token)).error?.message).toBe(limit);
    // Through the lender's page: its words, and a status that says to wait.
    const offer = {
      amount: 250_000,
      rateKind: 'fixed',
      fixedRate: 9.5,
      termMonths: 120,
      lenderFees: 1_500,
      collateral: '',
      conditions: '',
      expiresOn: inDays(20),
    };
    const refused = await backend.anon.functions.invoke('lender-package', {
      body: { token: link.token, action: 'offer', offer, seenOffer: { revision: 10, withdrawn: false } },
    });
    const response = (refused.error as { context: Response } | null)?.context;
    expect(response?.status).toBe(429);
    expect(await response?.json()).toEqual({ success: false, error: limit });
    const { data } = await backend.service.from('loan_offers').select('revision').eq('application_id', applicationId);
    expect(data).toHaveLength(10);
    // A day after the first changes, the link may change the offer again.
    await backend.db.query(
      `update public.loan_offers set created_at = created_at - interval '25 hours' where application_id = $1 and revision <= 3`,
      [applicationId],
    );
    expect((await makeOffer(link.token)).error).toBeNull();
    // Another package's offer has its own count.
    const other = await lenderLink(applicationId, 'other');
    expect((await makeOffer(other.token)).error).toBeNull();
  });

  it('cannot be made or read by anyone but the service role (the lender-package function)', async () => {
    const { applicant, applicationId } = await approvedApplication();
    const link = await lenderLink(applicationId);
    for (const caller of [backend.anon, backend.client(applicant), backend.client(officer)]) {
      const made = await caller.rpc('make_loan_offer', { token: link.token, ...offerTerms() });
      expect(made.error?.message).toMatch(/permission denied/);
    }
    await makeOffer(link.token);
    const stranger = await backend.createUser({ email: uniqueEmail('stranger') });
    const seen = await backend.client(stranger).from('loan_offers').select('id').eq('application_id', applicationId);
    expect(seen.data).toEqual([]);
    const own = await backend.client(applicant).from('loan_offers').select('id').eq('application_id', applicationId);
    expect(own.data).toHaveLength(1);
  });
});

describe('the applicant’s acceptance', () => {
  it('is stored with what proves it, on the timeline; the offer then cannot change and other links stop answering', async () => {
    const { applicant, applicationId } = await approvedApplication();
    const chosen = await lenderLink(applicationId, 'Chosen Bank');
    const other = await lenderLink(applicationId, 'Other Bank');
    const silent = await lenderLink(applicationId, 'Silent Bank');
    const offer = (await makeOffer(chosen.token)).data as { id: string };
    await makeOffer(other.token);

    const accepted = await accept(applicant, offer.id, '  Maria Lopez ');
    expect(accepted.error).toBeNull();
    expect(accepted.data).toMatchObject({
      application_id: applicationId,
      offer_id: offer.id,
      package_id: chosen.packageId,
      accepted_by: applicant.id,
      full_name: 'Maria Lopez',
      offer_sha256: 'a'.repeat(64),
      client_address: '203.0.113.9',
      user_agent: 'Mozilla/5.0 (test)',
    });
    expect(await timeline(applicationId)).toContainEqual({
      kind: 'offer_accepted',
      subject: chosen.name,
      reason: null,
      actor_id: applicant.id,
    });

    const changed = 'The applicant has already accepted an offer: this one can no longer change';
    expect((await makeOffer(chosen.token)).error?.message).toBe(changed);
    expect((await backend.service.rpc('withdraw_loan_offer', { token: chosen.token })).error?.message).toBe(changed);
    const another = 'The applicant chose another lender: this package no longer takes offers';
    expect((await makeOffer(other.token)).error?.message).toBe(another);
    expect((await backend.service.rpc('withdraw_loan_offer', { token: other.token })).error?.message).toBe(another);
    const answered = await backend.service.rpc('answer_lender_package', { token: silent.token, answer: 'declined' });
    expect(answered.error?.message).toBe('The applicant chose another lender: this package no longer takes answers');
  });

  it('leaves on the application the expiry days of the offers still to accept (the Approved list flags them), none after', async () => {
    const { applicant, applicationId } = await approvedApplication();
    const expiries = async () =>
      (await backend.service.from('applications').select('offer_expiries').eq('id', applicationId).single()).data
        ?.offer_expiries;
    expect(await expiries()).toEqual([]);
    const first = await lenderLink(applicationId);
    const second = await lenderLink(applicationId);
    await makeOffer(first.token, { expires_on: inDays(10) });
    await makeOffer(second.token, { expires_on: inDays(2) });
    expect(await expiries()).toEqual([inDays(2), inDays(10)]);
    // A revision replaces its package's earlier day; a withdrawal takes it out.
    const revised = (await makeOffer(first.token, { expires_on: inDays(5) })).data as { id: string };
    expect(await expiries()).toEqual([inDays(2), inDays(5)]);
    await backend.service.rpc('withdraw_loan_offer', { token: second.token });
    expect(await expiries()).toEqual([inDays(5)]);
    expect((await accept(applicant, revised.id)).error).toBeNull();
    expect(await expiries()).toEqual([]);
    expect(await applicationAuditActions(applicationId)).toEqual([]);
    const written = await backend
      .client(officer)
      .from('applications')
      .update({ offer_expiries: [] })
      .eq('id', applicationId);
    expect(written.error?.code).toBe('42501');
  });

  it('keeps the applicant’s approval of the chosen lender; the others may still be withdrawn', async () => {
    const { applicant, applicationId } = await approvedApplication();
    const chosen = await lenderLink(applicationId, 'Chosen Bank');
    const other = await lenderLink(applicationId, 'Other Bank');
    const offer = (await makeOffer(chosen.token)).data as { id: string };
    expect((await accept(applicant, offer.id)).error).toBeNull();
    const consents = (await backend.client(applicant).rpc('consent_lenders')).data as {
      consent_id: string;
      lender_name: string;
    }[];
    const withdraw = (name: string) =>
      backend.client(applicant).rpc('answer_lender_consent', {
        consent_id: consents.find((row) => row.lender_name === name)!.consent_id,
        answer: 'withdrawn',
      });
    expect((await withdraw(chosen.name)).error).toMatchObject({
      code: '55000',
      message:
        "You accepted this lender's offer, so your approval of it stays. Please ask your loan officer if something is wrong.",
    });
    expect((await withdraw(other.name)).error).toBeNull();
  });

  it('refuses an offer revised, withdrawn or expired meanwhile, another applicant’s offer, and a name of spaces', async () => {
    const { applicant, applicationId } = await approvedApplication();
    const link = await lenderLink(applicationId);
    const first = (await makeOffer(link.token)).data as { id: string };
    const second = (await makeOffer(link.token, { amount: 240_000 })).data as { id: string };
    const gone =
      'This offer can no longer be accepted: it was revised, withdrawn or has expired. Review the offers again.';
    expect((await accept(applicant, first.id)).error?.message).toBe(gone);

    const stranger = await backend.createUser({ email: uniqueEmail('stranger') });
    expect((await accept(stranger, second.id)).error?.message).toBe('No offer of yours has this id');
    expect((await accept(officer, second.id)).error?.message).toBe('No offer of yours has this id');
    expect((await accept(applicant, second.id, '   ')).error?.message).toBe('Type your full name to accept the offer');
    // Linked to the applicant's account but not confirmed by them as theirs (or disowned): nobody's to accept on.
    await backend.db.query(`update public.applications set confirmed_by_applicant_at = null where id = $1`, [
      applicationId,
    ]);
    expect((await accept(applicant, second.id)).error?.message).toBe('No offer of yours has this id');
    await backend.db.query(`update public.applications set confirmed_by_applicant_at = now() where id = $1`, [
      applicationId,
    ]);

    await backend.db.query(`update public.loan_offers set expires_on = current_date - 2 where id = $1`, [second.id]);
    expect((await accept(applicant, second.id)).error?.message).toBe(gone);
    await backend.db.query(`update public.loan_offers set expires_on = current_date where id = $1`, [second.id]);
    await backend.service.rpc('withdraw_loan_offer', { token: link.token });
    expect((await accept(applicant, second.id)).error?.message).toBe(gone);

    const none = await backend.service.from('offer_acceptances').select('id').eq('application_id', applicationId);
    expect(none.data).toEqual([]);
  });

  it('two acceptances at once, and a revision while the applicant accepts: the database keeps one, the loser is told', async () => {
    const { applicant, applicationId } = await approvedApplication();
    const one = await lenderLink(applicationId);
    const two = await lenderLink(applicationId);
    const offerOne = (await makeOffer(one.token)).data as { id: string };
    const offerTwo = (await makeOffer(two.token)).data as { id: string };
    const [a, b] = await Promise.all([accept(applicant, offerOne.id), accept(applicant, offerTwo.id)]);
    const errors = [a.error?.message, b.error?.message].filter(Boolean);
    expect(errors).toEqual(['An offer of this application has already been accepted']);

    const { applicant: racer, applicationId: racedId } = await approvedApplication();
    const raced = await lenderLink(racedId);
    const shown = (await makeOffer(raced.token)).data as { id: string };
    const [accepted, revised] = await Promise.all([
      accept(racer, shown.id),
      makeOffer(raced.token, { amount: 200_000 }),
    ]);
    // Whichever came first stands; the other is refused, and what was accepted is what was shown.
    if (accepted.error) {
      expect(accepted.error.message).toMatch(/can no longer be accepted/);
      expect(revised.error).toBeNull();
    } else {
      expect(revised.error?.message).toBe('The applicant has already accepted an offer: this one can no longer change');
      const { data: offers } = await backend.service.from('loan_offers').select('id').eq('package_id', raced.packageId);
      expect(offers).toEqual([{ id: shown.id }]);
    }
  });

  it('is made only through the service role: an applicant or an officer cannot call it', async () => {
    const { applicant, applicationId } = await approvedApplication();
    const link = await lenderLink(applicationId);
    const offer = (await makeOffer(link.token)).data as { id: string };
    for (const caller of [backend.client(applicant), backend.client(officer)]) {
      const called = await caller.rpc('accept_loan_offer', {
        applicant_id: applicant.id,
        offer_id: offer.id,
        full_name: 'Maria Lopez',
        statement: 'I accept',
        offer_sha256: 'a'.repeat(64),
        client_address: '203.0.113.9',
        user_agent: 'test',
      });
      expect(called.error?.message).toMatch(/permission denied/);
      const inserted = await caller.from('offer_acceptances').insert({
        application_id: applicationId,
        offer_id: offer.id,
        package_id: link.packageId,
        full_name: 'Maria Lopez',
        statement: 'I accept',
        offer_sha256: 'a'.repeat(64),
        client_address: '203.0.113.9',
        user_agent: 'test',
      });
      expect(inserted.error?.code).toBe('42501');
    }
  });
});

describe('the loan’s stages', () => {
  async function acceptedLoan() {
    const { applicant, applicationId } = await approvedApplication();
    const chosen = await lenderLink(applicationId, 'Chosen Bank');
    const other = await lenderLink(applicationId, 'Other Bank');
    const offer = (await makeOffer(chosen.token)).data as { id: string };
    expect((await accept(applicant, offer.id)).error).toBeNull();
    return { applicant, applicationId, chosen, other };
  }

  const record = (applicationId: string, stage: string, details: Record<string, unknown> = {}) =>
    backend.client(officer).rpc('record_loan_stage', { application_id: applicationId, stage, ...details });

  it('go in order, each once, on the timeline; nothing after funded', async () => {
    const { applicationId } = await acceptedLoan();
    expect((await record(applicationId, 'funded', { funded_amount: 250_000, funded_on: today() })).error?.message).toBe(
      'A loan is funded after it is in closing: record In closing first',
    );
    expect((await record(applicationId, 'in_closing')).error?.message).toBe(
      'In closing needs the expected closing date',
    );
    expect((await record(applicationId, 'in_closing', { expected_closing_on: inDays(-2) })).error?.message).toBe(
      'The expected closing date cannot be in the past',
    );
    expect((await record(applicationId, 'in_closing', { expected_closing_on: inDays(20) })).error).toBeNull();
    expect((await record(applicationId, 'in_closing', { expected_closing_on: inDays(21) })).error?.message).toBe(
      'This loan is already in closing',
    );
    expect(
      (await record(applicationId, 'funded', { funded_amount: 250_000, funded_on: inDays(2) })).error?.message,
    ).toBe('The funding date cannot be in the future');
    expect(
      (await record(applicationId, 'funded', { funded_amount: 250_000, funded_on: inDays(-3) })).error?.message,
    ).toBe('The funding date cannot be before the applicant accepted the offer');
    expect((await record(applicationId, 'funded', { funded_amount: 250_000, funded_on: today() })).error).toBeNull();
    expect((await record(applicationId, 'did_not_close', { reason: 'Changed mind' })).error?.message).toBe(
      'This loan has already closed or did not close: its stage cannot change',
    );
    const stages = (await timeline(applicationId)).filter((event) => event.kind.startsWith('loan_'));
    // Each names the officer who recorded it (one recorded through a lender's link names no one).
    expect(stages.map((event) => [event.kind, event.actor_id])).toEqual([
      ['loan_in_closing', officer.id],
      ['loan_funded', officer.id],
    ]);
  });

  it('are followed on the application (the Pipeline list reads them there), without an audit entry of their own', async () => {
    const { applicationId } = await acceptedLoan();
    const stageOf = async () =>
      (
        await backend.service
          .from('applications')
          .select('loan_stage, expected_closing_on')
          .eq('id', applicationId)
          .single()
      ).data;
    expect(await stageOf()).toEqual({ loan_stage: 'accepted', expected_closing_on: null });
    await record(applicationId, 'in_closing', { expected_closing_on: inDays(12) });
    expect(await stageOf()).toEqual({ loan_stage: 'in_closing', expected_closing_on: inDays(12) });
    await record(applicationId, 'funded', { funded_amount: 240_000, funded_on: today() });
    expect(await stageOf()).toEqual({ loan_stage: 'funded', expected_closing_on: inDays(12) });
    const pipeline = await backend
      .client(officer)
      .from('applications')
      .select('id')
      .not('loan_stage', 'is', null)
      .eq('id', applicationId);
    expect(pipeline.data).toHaveLength(1);
    expect(await applicationAuditActions(applicationId)).toEqual([]);
    const applicantWrites = await backend
      .client((await approvedApplication()).applicant)
      .from('applications')
      .update({ loan_stage: 'funded' })
      .eq('id', applicationId);
    expect(applicantWrites.error?.code).toBe('42501');
  });

  it('two people recording the same stage at once: one stands, the other is told', async () => {
    const { applicationId, chosen } = await acceptedLoan();
    const [byOfficer, byLender] = await Promise.all([
      record(applicationId, 'in_closing', { expected_closing_on: inDays(30) }),
      backend.service.rpc('record_loan_stage_by_link', {
        token: chosen.token,
        stage: 'in_closing',
        expected_closing_on: inDays(31),
      }),
    ]);
    expect([byOfficer.error?.message, byLender.error?.message].filter(Boolean)).toEqual([
      'This loan is already in closing',
    ]);
    const { data } = await backend.service.from('loan_stages').select('stage').eq('application_id', applicationId);
    expect(data).toEqual([{ stage: 'in_closing' }]);
  });

  it('an officer’s stage is refused once another was recorded since the stage the officer saw, in words that say so', async () => {
    const { applicationId, chosen } = await acceptedLoan();
    // The officer saw the offer accepted; the lender then recorded In closing through its link.
    expect(
      (
        await backend.service.rpc('record_loan_stage_by_link', {
          token: chosen.token,
          stage: 'in_closing',
          expected_closing_on: inDays(30),
        })
      ).error,
    ).toBeNull();
    // Did not close follows In closing, but not the stage the officer saw: it is not recorded over it.
    const late = await record(applicationId, 'did_not_close', { reason: 'Sold.', seen_stage: 'accepted' });
    expect([late.error?.code, late.error?.message]).toEqual([
      '55000',
      'The loan’s stage was recorded meanwhile: it is In closing now',
    ]);
    const seen = await record(applicationId, 'did_not_close', { reason: 'Sold.', seen_stage: 'in_closing' });
    expect(seen.error).toBeNull();
    const { data } = await backend.service
      .from('loan_stages')
      .select('stage, recorded_via')
      .eq('application_id', applicationId)
      .order('created_at');
    expect(data).toEqual([
      { stage: 'in_closing', recorded_via: 'lender' },
      { stage: 'did_not_close', recorded_via: 'officer' },
    ]);
  });

  it('are recorded by the chosen lender’s link, not another lender’s, an applicant’s or before an acceptance', async () => {
    const { applicant, applicationId, chosen, other } = await acceptedLoan();
    const byOther = await backend.service.rpc('record_loan_stage_by_link', {
      token: other.token,
      stage: 'did_not_close',
      reason: 'Not ours',
    });
    expect(byOther.error?.message).toBe("Only the lender whose offer the applicant accepted records the loan's stages");
    const byApplicant = await backend
      .client(applicant)
      .rpc('record_loan_stage', { application_id: applicationId, stage: 'did_not_close', reason: 'Mine' });
    expect(byApplicant.error?.message).toBe("Only admins can record a loan's stage");
    const byChosen = await backend.service.rpc('record_loan_stage_by_link', {
      token: chosen.token,
      stage: 'did_not_close',
      reason: 'The appraisal came in low.',
    });
    expect(byChosen.data).toMatchObject({
      stage: 'did_not_close',
      recorded_via: 'lender',
      package_id: chosen.packageId,
    });

    const { applicationId: notAccepted } = await approvedApplication();
    expect((await record(notAccepted, 'in_closing', { expected_closing_on: inDays(5) })).error?.message).toBe(
      'No offer of this application has been accepted yet',
    );
  });
});

describe('what the applicant is e-mailed', () => {
  it('an offer made, revised and withdrawn, and each stage of the loan, once each', async () => {
    const { applicant, applicationId } = await approvedApplication();
    const link = await lenderLink(applicationId, 'Told Bank');
    const first = (await makeOffer(link.token)).data as { id: string };
    expect(first).toBeDefined();
    const revised = (await makeOffer(link.token, { lender_fees: 2_000 })).data as { id: string };
    expect((await accept(applicant, revised.id)).error).toBeNull();
    const record = (stage: string, details: Record<string, unknown>) =>
      backend.client(officer).rpc('record_loan_stage', { application_id: applicationId, stage, ...details });
    expect((await record('in_closing', { expected_closing_on: inDays(10) })).error).toBeNull();
    expect((await record('funded', { funded_amount: 250_000, funded_on: today() })).error).toBeNull();

    const { sent, environment } = collectingMail(backend.service);
    await notifyHeldBackApplicantEvents(environment, 0);
    await notifyHeldBackApplicantEvents(environment, 0);
    // The package sent before (set up here) was e-mailed too; its 'interested' answer is told as the offer.
    expect(sent.filter((mail) => mail.to === applicant.email).map((mail) => mail.subject)).toEqual([
      'Loan Match: Your approval is needed before we send your package to a lender',
      'Loan Match: Your loan package was sent to a lender',
      'Loan Match: A lender made you an offer',
      'Loan Match: A lender revised its offer',
      'Loan Match: Your loan is in closing',
      'Loan Match: Your loan is funded',
    ]);
  });
});

describe('the days people type', () => {
  it('are checked against the US day: not past while today somewhere in the US, not future until it began there', async () => {
    const { rows } = await backend.db.query<{ earliest: string; latest: string }>(
      `select public.earliest_us_today()::text as earliest, public.latest_us_today()::text as latest`,
    );
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    expect(rows).toEqual([{ earliest: dayIn('Pacific/Pago_Pago'), latest: dayIn('Pacific/Guam') }]);
  });
});

describe('index values', () => {
  it('are entered by officers only, never dated in the future; everyone signed in reads them', async () => {
    const entered = await backend
      .client(officer)
      .rpc('set_rate_index_value', { rate_index: 'prime', percent: 7.5, as_of: today() });
    expect(entered.data).toMatchObject({ rate_index: 'prime', percent: 7.5, entered_by: officer.id });
    expect(
      (
        await backend
          .client(officer)
          .rpc('set_rate_index_value', { rate_index: 'prime', percent: 7.5, as_of: inDays(2) })
      ).error?.message,
    ).toBe("The value's date cannot be in the future");
    expect(
      (await backend.client(officer).rpc('set_rate_index_value', { rate_index: 'libor', percent: 5, as_of: today() }))
        .error?.message,
    ).toBe('An index is prime, sofr_30_day or treasury_5_year, with a value between -5% and 40%');
    const { applicant } = await approvedApplication();
    const byApplicant = await backend
      .client(applicant)
      .rpc('set_rate_index_value', { rate_index: 'prime', percent: 1, as_of: today() });
    expect(byApplicant.error?.message).toBe('Only admins can enter an index value');
    const read = await backend.client(applicant).from('rate_index_values').select('rate_index, percent');
    expect(read.data).toContainEqual({ rate_index: 'prime', percent: 7.5 });
  });
});

describe('the applicant’s offers as the portal compares them (applicant_offers)', () => {
  it('answers the live offers of the caller’s own applications with their lenders, then only the accepted one', async () => {
    const { applicant, applicationId } = await approvedApplication();
    const first = await lenderLink(applicationId, 'Harbor Bank');
    const second = await lenderLink(applicationId, 'Summit Credit Union');
    await makeOffer(first.token);
    const revised = (await makeOffer(first.token, { fixed_rate: 9.25 })).data as { id: string };
    const other = (await makeOffer(second.token, { fixed_rate: 10 })).data as { id: string };
    const read = async (user: TestUser) => (await backend.client(user).rpc('applicant_offers')).data as unknown[];

    // The latest revision of each package only, named.
    expect(await read(applicant)).toEqual([
      expect.objectContaining({ offer_id: revised.id, lender_name: first.name, fixed_rate: 9.25, accepted_at: null }),
      expect.objectContaining({ offer_id: other.id, lender_name: second.name, fixed_rate: 10 }),
    ]);
    // Nobody else's, an officer's included.
    const { applicant: stranger } = await approvedApplication();
    expect(await read(stranger)).toEqual([]);
    expect(await read(officer)).toEqual([]);
    expect((await backend.anon.rpc('applicant_offers')).error?.message).toMatch(/permission denied/);

    // A lender whose consent the applicant withdrew: its link is closed, and its offer no longer shown.
    const consents = (await backend.client(applicant).rpc('consent_lenders')).data as {
      consent_id: string;
      lender_name: string;
    }[];
    const consent = consents.find((row) => row.lender_name === second.name);
    expect(
      (
        await backend
          .client(applicant)
          .rpc('answer_lender_consent', { consent_id: consent!.consent_id, answer: 'withdrawn' })
      ).error,
    ).toBeNull();
    expect(await read(applicant)).toEqual([expect.objectContaining({ offer_id: revised.id })]);

    // Named as the network names it now (as the consent requests do), not as the package was sent.
    const { data: sentTo } = await backend.service
      .from('bank_packages')
      .select('lender_id')
      .eq('id', first.packageId)
      .single();
    const renamed = `${first.name} (renamed)`;
    expect(
      (await backend.service.from('lenders').update({ name: renamed }).eq('id', sentTo?.lender_id)).error,
    ).toBeNull();

    expect((await accept(applicant, revised.id)).error).toBeNull();
    expect(await read(applicant)).toEqual([
      expect.objectContaining({ offer_id: revised.id, lender_name: renamed, accepted_name: 'Maria Lopez' }),
    ]);
  });

  it('answers an officer viewing the client’s portal that client’s offers, as the client reads them; nobody else', async () => {
    const { applicant, applicationId } = await approvedApplication();
    const link = await lenderLink(applicationId, 'Harbor Bank');
    const offer = (await makeOffer(link.token)).data as { id: string };
    const asClient = (await backend.client(applicant).rpc('applicant_offers')).data as unknown[];
    expect(asClient).toEqual([expect.objectContaining({ offer_id: offer.id, lender_name: link.name })]);
    const ofClient = (user: TestUser) => backend.client(user).rpc('applicant_offers', { client_id: applicant.id });
    expect((await ofClient(officer)).data).toEqual(asClient);
    // Another applicant naming this client reads nothing, nor does the client's own call read anyone else's.
    const { applicant: stranger } = await approvedApplication();
    expect((await ofClient(stranger)).data).toEqual([]);
    expect((await backend.client(applicant).rpc('applicant_offers', { client_id: stranger.id })).data).toEqual([]);
    expect((await backend.anon.rpc('applicant_offers', { client_id: applicant.id })).error?.message).toMatch(
      /permission denied/,
    );
  });
});
