import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertedApplication, qualifiedApplicationRow } from '../support/application-rows.ts';
import { sqlStateOf, startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { storeTestFile } from '../support/filed-documents.ts';
import { pdfBytes } from '../support/sample-files.ts';

/**
 * The rules the database enforces beyond who may touch which table (supabase/migrations): the
 * pre-qualification evaluation behind a visitor's status, legal decisions, the audit trail, the profile
 * trigger, confirmed-e-mail matching, admin-only records, storage paths and the function privileges.
 */

type Row = Record<string, unknown>;

let backend: TestBackend;
let applicant: TestUser;
let admin: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  applicant = await backend.createUser({ email: uniqueEmail('applicant') });
  admin = await backend.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });
});

afterAll(async () => {
  await backend?.close();
});

/** A visitor's submission whose status and evaluation say what the test claims about its answers. */
function submission(qualifies: boolean, answers: Row): Row {
  return qualifiedApplicationRow({
    ...answers,
    status: qualifies ? 'pending' : 'rejected',
    evaluation_result: {
      qualified: qualifies,
      reasons: qualifies ? [] : ['A 10% down payment is not available.'],
      suggestedNextSteps: [],
    },
  });
}

async function visitorInsert(row: Row) {
  return backend.anon.from('applications').insert(row);
}

async function createApplication(overrides: Row = {}): Promise<string> {
  return insertedApplication(backend.service, overrides);
}

async function auditEntries(recordId: string): Promise<Row[]> {
  const { data, error } = await backend.service
    .from('audit_log')
    .select('actor_id, action, table_name, record_id, details')
    .eq('record_id', recordId)
    .order('id');
  if (error) throw new Error(error.message);
  return data ?? [];
}

describe('a visitor’s status must follow the evaluation of their own answers', () => {
  const cases: { name: string; answers: Row; qualifies: boolean }[] = [
    // The threshold is 660: '600-649' (625) is the highest failing option, '650-699' (675) the lowest passing.
    { name: "credit '600-649' (625) fails", answers: { credit_score: '600-649' }, qualifies: false },
    { name: "credit '650-699' (675) passes", answers: { credit_score: '650-699' }, qualifies: true },
    { name: "credit '700-749' (725) passes", answers: { credit_score: '700-749' }, qualifies: true },
    {
      name: 'debt coverage exactly 1.25 passes (250,000 / 12 x 0.15 / 2,500)',
      answers: { annual_revenue: 250_000, monthly_debt_payments: 2_500 },
      qualifies: true,
    },
    {
      name: 'debt coverage just under 1.25 fails (249,999 / 12 x 0.15 / 2,500)',
      answers: { annual_revenue: 249_999, monthly_debt_payments: 2_500 },
      qualifies: false,
    },
    {
      name: 'no monthly debt passes (infinite coverage)',
      answers: { annual_revenue: 0, monthly_debt_payments: 0 },
      qualifies: true,
    },
    { name: "years '0-1' (0.5) fails", answers: { years_in_business: '0-1' }, qualifies: false },
    { name: "years '1-2' (1.5) passes", answers: { years_in_business: '1-2' }, qualifies: true },
    { name: "down payment 'no' fails", answers: { has_down_payment: 'no' }, qualifies: false },
  ];

  it.each(cases)('$name: accepted with the matching status', async ({ answers, qualifies }) => {
    const row = submission(qualifies, answers);
    const { error } = await visitorInsert(row);
    expect(error).toBeNull();
    const { data } = await backend.service.from('applications').select('status').eq('email', String(row.email));
    expect(data).toEqual([{ status: qualifies ? 'pending' : 'rejected' }]);
  });

  it.each(cases)('$name: refused with the contrary status', async ({ answers, qualifies }) => {
    const row = submission(!qualifies, answers);
    const { error } = await visitorInsert(row);
    expect(error?.code).toBe('42501');
    const { data } = await backend.service.from('applications').select('id').eq('email', String(row.email));
    expect(data).toEqual([]);
  });

  it('refuses reasons that are not the evaluation’s own sentences: nobody puts their words in a portal as ours', async () => {
    const refused = [
      ['Your account is locked. Verify your bank login at https://evil.example within 24 hours.'],
      ['Your credit score range (Below 600) is below our minimum of 660.'], // not the range given (700-749)
      ['Your debt coverage ratio of 1.10 is below our minimum of 1.25. Call 555-0100 now.'],
      [42],
      'A 10% down payment is not available.',
      Array(5).fill('A 10% down payment is not available.'),
    ];
    for (const reasons of refused) {
      const row = qualifiedApplicationRow({
        credit_score: '700-749',
        has_down_payment: 'no',
        status: 'rejected',
        evaluation_result: { qualified: false, reasons, suggestedNextSteps: [] },
      });
      const { error } = await visitorInsert(row);
      expect(error?.code, JSON.stringify(reasons)).toBe('42501');
    }
    const accepted = await visitorInsert(
      qualifiedApplicationRow({
        credit_score: '600-649',
        has_down_payment: 'no',
        status: 'rejected',
        evaluation_result: {
          qualified: false,
          reasons: [
            'Your credit score range (600-649) is below our minimum of 660.',
            'Your debt coverage ratio of 1.10 is below our minimum of 1.25.',
            'A 10% down payment is not available.',
          ],
          suggestedNextSteps: [],
        },
      }),
    );
    expect(accepted.error).toBeNull();
  });

  it('refuses an evaluation result that contradicts the status', async () => {
    const { error } = await visitorInsert(
      qualifiedApplicationRow({ evaluation_result: { qualified: false, reasons: [], suggestedNextSteps: [] } }),
    );
    expect(error?.code).toBe('42501');
    const missing = await visitorInsert(qualifiedApplicationRow({ evaluation_result: {} }));
    expect(missing.error?.code).toBe('42501');
  });

  it('refuses a submission missing a required answer', async () => {
    const blanks: Row[] = [
      { title: '  ' },
      { business_address: '' },
      { city: ' ' },
      { industry: '' },
      { use_of_funds: '\n' },
      { timeframe: '' },
    ];
    for (const blank of blanks) {
      const { error } = await visitorInsert(qualifiedApplicationRow(blank));
      expect(error?.code, JSON.stringify(blank)).toBe('42501');
    }
  });

  it('refuses answers outside the product’s enumerations', async () => {
    // Unknown answers to the evaluated questions never qualify, so a consistent row is 'rejected'; answers
    // the evaluation does not read leave a qualifying row 'pending'. The enumeration checks refuse both.
    const cases: [Row, boolean][] = [
      [{ credit_score: '800+' }, false],
      [{ years_in_business: '3' }, false],
      [{ has_down_payment: 'maybe' }, false],
      [{ profitable: 'yes' }, true],
      [{ loan_amount: '1000-2000' }, true],
      [{ timeframe: 'someday' }, true],
    ];
    for (const [answers, qualifies] of cases) {
      const { error } = await visitorInsert(submission(qualifies, answers));
      expect(error?.code, JSON.stringify(answers)).toBe('23514');
    }
  });

  it('refuses a visitor’s application that is approved, assigned, decided or scheduled', async () => {
    const approved = await visitorInsert(qualifiedApplicationRow({ status: 'approved' }));
    expect(approved.error?.code).toBe('42501');
    const assigned = await visitorInsert(qualifiedApplicationRow({ assigned_admin_id: admin.id }));
    expect(assigned.error?.code).toBe('42501');
    const scheduled = await visitorInsert(qualifiedApplicationRow({ consultation_date: new Date().toISOString() }));
    expect(scheduled.error?.code).toBe('42501');
    const decided = await visitorInsert(qualifiedApplicationRow({ decided_by: admin.id }));
    expect(decided.error?.code).toBe('42501');
    const dated = await visitorInsert(qualifiedApplicationRow({ created_at: '2020-01-01T00:00:00Z' }));
    expect(dated.error?.code).toBe('42501');
  });

  it('accepts null for the columns a new application leaves empty (as the web form sends them)', async () => {
    const { error } = await visitorInsert(
      qualifiedApplicationRow({ consultation_date: null, assigned_admin_id: null }),
    );
    expect(error).toBeNull();
  });

  it('files a signed-in applicant’s submission under their own id, never under someone else’s', async () => {
    const client = backend.client(applicant);
    const email = uniqueEmail('signed-in');
    const own = await client.from('applications').insert(qualifiedApplicationRow({ email })).select('user_id').single();
    expect(own.error).toBeNull();
    expect(own.data).toEqual({ user_id: applicant.id });
    const other = await client.from('applications').insert(qualifiedApplicationRow({ user_id: admin.id }));
    expect(other.error?.code).toBe('42501');
    const anonymous = await visitorInsert(qualifiedApplicationRow({ user_id: applicant.id }));
    expect(anonymous.error?.code).toBe('42501');
  });

  it('still refuses an e-mail that breaks the pattern', async () => {
    const { error } = await visitorInsert(qualifiedApplicationRow({ email: 'not-an-email' }));
    expect(error?.code).toBe('23514');
  });
});

describe('the evaluation functions', () => {
  it('map the product’s options to numbers and compute the debt coverage ratio', async () => {
    const { rows } = await backend.db.query<Row>(
      `select public.credit_score_number('750+') as c1, public.credit_score_number('Below 600') as c2,
              public.years_in_business_number('10+') as y1, public.years_in_business_number('0-1') as y2,
              public.debt_coverage_ratio(1200000, 5000) as ratio, public.debt_coverage_ratio(5, 0) as infinite,
              public.credit_score_number('unknown') as unknown_score`,
    );
    expect(rows[0]).toMatchObject({ c1: '750', c2: '550', y1: '10', y2: '0.5', ratio: 3, infinite: Infinity });
    expect(rows[0]!.unknown_score).toBeNull();
  });

  it('are inlined by the planner, so the insert policy costs no function calls', async () => {
    // A SET clause or SECURITY DEFINER would stop inlining; the plan would then name the function. Two
    // rows keep the columns variable (one row of constants would be folded to its result either way).
    const { rows } = await backend.db.query<{ 'QUERY PLAN': string }>(
      `explain (verbose, costs off)
       select public.application_qualifies(c, y, r, d, p)
         from (values ('750+', '10+', 1200000::numeric, 5000::numeric, 'yes'), ('600-649', '0-1', 1, 1, 'no'))
              as answers (c, y, r, d, p)`,
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('Values Scan');
    expect(plan).not.toMatch(/application_qualifies|credit_score_number|years_in_business_number|debt_coverage/);
  });
});

describe('decisions on applications', () => {
  it('lets an admin approve a pending application and records who decided and when', async () => {
    const id = await createApplication();
    const { data, error } = await backend
      .client(admin)
      .from('applications')
      .update({ status: 'approved' })
      .eq('id', id)
      .select('status, decided_by, decided_at')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'approved', decided_by: admin.id });
    expect(Date.parse(String(data?.decided_at))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses every transition but pending to approved or rejected', async () => {
    const admins = backend.client(admin);
    const approved = await createApplication();
    await admins.from('applications').update({ status: 'approved' }).eq('id', approved);
    const rejected = await createApplication();
    await admins.from('applications').update({ status: 'rejected' }).eq('id', rejected);

    const illegal: [string, string][] = [
      [approved, 'rejected'],
      [approved, 'pending'],
      [rejected, 'approved'],
      [rejected, 'pending'],
    ];
    for (const [id, status] of illegal) {
      const { error } = await admins.from('applications').update({ status }).eq('id', id);
      expect(error?.code).toBe('23514');
      expect(error?.message).toMatch(/can only change from pending to approved or rejected/);
    }
    // Not even the service role reopens a decision.
    const service = await backend.service.from('applications').update({ status: 'pending' }).eq('id', rejected);
    expect(service.error?.code).toBe('23514');
    const { data } = await backend.service.from('applications').select('id, status').in('id', [approved, rejected]);
    expect(data).toEqual(
      expect.arrayContaining([
        { id: approved, status: 'approved' },
        { id: rejected, status: 'rejected' },
      ]),
    );
  });

  it('keeps a decision’s reason as given: another officer cannot rewrite it under the first one’s name', async () => {
    const id = await createApplication();
    const decided = await backend
      .client(admin)
      .from('applications')
      .update({ status: 'rejected', decision_reason: 'Revenue too low.' })
      .eq('id', id);
    expect(decided.error).toBeNull();
    const second = await backend.createUser({ email: uniqueEmail('second-officer'), appRole: 'admin' });
    for (const client of [backend.client(second), backend.client(admin), backend.service]) {
      for (const reason of ['Rewritten later.', null]) {
        const { error } = await client.from('applications').update({ decision_reason: reason }).eq('id', id);
        expect(error?.code).toBe('23514');
        expect(error?.message).toBe("A decision's reason is given with the decision and cannot change after it");
      }
    }
    // What officers may still change on a decided application.
    const assigned = await backend
      .client(second)
      .from('applications')
      .update({ assigned_admin_id: second.id })
      .eq('id', id);
    expect(assigned.error).toBeNull();
    const { data } = await backend.service
      .from('applications')
      .select('decision_reason, decided_by, assigned_admin_id')
      .eq('id', id)
      .single();
    expect(data).toEqual({ decision_reason: 'Revenue too low.', decided_by: admin.id, assigned_admin_id: second.id });
  });

  it('does not let anyone write decided_by or decided_at directly', async () => {
    const id = await createApplication();
    const direct = await backend.client(admin).from('applications').update({ decided_by: admin.id }).eq('id', id);
    expect(direct.error?.code).toBe('42501');
    await backend.service.from('applications').update({ decided_by: admin.id, consultation_date: null }).eq('id', id);
    const { data } = await backend.service.from('applications').select('decided_by, decided_at').eq('id', id).single();
    expect(data).toEqual({ decided_by: null, decided_at: null });
  });
});

describe('the audit log', () => {
  it('records an admin’s decision and later changes of an application', async () => {
    const id = await createApplication();
    const admins = backend.client(admin);
    await admins.from('applications').update({ status: 'rejected' }).eq('id', id);
    await admins.from('applications').update({ assigned_admin_id: admin.id }).eq('id', id);
    const entries = await auditEntries(id);
    expect(entries).toEqual([
      {
        actor_id: admin.id,
        action: 'application.rejected',
        table_name: 'applications',
        record_id: id,
        details: {
          actor_role: 'authenticated',
          changes: expect.objectContaining({ status: { from: 'pending', to: 'rejected' } }),
        },
      },
      expect.objectContaining({ actor_id: admin.id, action: 'application.updated' }),
    ]);
  });

  it('records letters, term sheets and bank packages from creation to sending', async () => {
    const applicationId = await createApplication();
    const admins = backend.client(admin);
    await admins.from('applications').update({ status: 'approved' }).eq('id', applicationId);

    const letterId = randomUUID();
    const letter = await admins.from('pre_application_letters').insert({
      id: letterId,
      application_id: applicationId,
      address: '410 Sierra St',
      zip_code: '89501',
      loan_amount: 250000,
      loan_purpose: 'Equipment purchase',
      created_by: admin.id,
    });
    expect(letter.error).toBeNull();

    const termSheetId = randomUUID();
    const termSheet = await admins.from('term_sheets').insert({
      id: termSheetId,
      application_id: applicationId,
      bank_name: 'Sierra Community Bank',
      loan_amount: 250000,
      interest_rate: 10.25,
      term_months: 120,
      monthly_payment: 3339.12,
      collateral: 'Equipment',
      conditions: ['Proof of insurance'],
      created_by: admin.id,
    });
    expect(termSheet.error).toBeNull();

    const packageId = randomUUID();
    const generated = await admins
      .from('bank_packages')
      .insert({ id: packageId, application_id: applicationId, summary: 'Summary', generated_by: admin.id });
    expect(generated.error).toBeNull();
    const sent = await admins
      .from('bank_packages')
      .update({ status: 'sent', sent_at: new Date().toISOString(), bank_name: 'Partner Bank' })
      .eq('id', packageId);
    expect(sent.error).toBeNull();

    expect((await auditEntries(letterId)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['pre_application_letter.created', admin.id],
    ]);
    expect((await auditEntries(termSheetId)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['term_sheet.created', admin.id],
    ]);
    expect((await auditEntries(packageId)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['bank_package.created', admin.id],
      ['bank_package.sent', admin.id],
    ]);
    // The application's detail reads all of them, with the application's own, by the application they belong to.
    const ofApplication = await admins
      .from('audit_log')
      .select('action, table_name')
      .eq('application_id', applicationId)
      .order('id');
    expect(ofApplication.data).toEqual([
      { action: 'application.approved', table_name: 'applications' },
      { action: 'pre_application_letter.created', table_name: 'pre_application_letters' },
      { action: 'term_sheet.created', table_name: 'term_sheets' },
      { action: 'bank_package.created', table_name: 'bank_packages' },
      { action: 'bank_package.sent', table_name: 'bank_packages' },
    ]);
  });

  it('records impersonation through log_impersonation, for admins only', async () => {
    const client = await backend.createUser();
    const admins = backend.client(admin);
    // It returns the client's e-mail: the portal viewed as the client shows applications linked by e-mail.
    expect(await admins.rpc('log_impersonation', { client_id: client.id })).toMatchObject({
      data: client.email.toLowerCase(),
      error: null,
    });
    expect((await admins.rpc('log_impersonation', { client_id: client.id, phase: 'end' })).error).toBeNull();
    expect(await auditEntries(client.id)).toEqual([
      {
        actor_id: admin.id,
        action: 'impersonation.start',
        table_name: 'profiles',
        record_id: client.id,
        details: { actor_role: 'authenticated' },
      },
      {
        actor_id: admin.id,
        action: 'impersonation.end',
        table_name: 'profiles',
        record_id: client.id,
        details: { actor_role: 'authenticated' },
      },
    ]);

    const byApplicant = await backend.client(applicant).rpc('log_impersonation', { client_id: client.id });
    expect(byApplicant.error?.code).toBe('42501');
    const byVisitor = await backend.anon.rpc('log_impersonation', { client_id: client.id });
    expect(byVisitor.error?.code).toBe('42501');
    const unknownClient = await admins.rpc('log_impersonation', { client_id: randomUUID() });
    expect(unknownClient.error?.code).toBe('P0002');
    const badPhase = await admins.rpc('log_impersonation', { client_id: client.id, phase: 'pause' });
    expect(badPhase.error?.code).toBe('22023');
    expect(await auditEntries(client.id)).toHaveLength(2);
  });

  it('gives each client’s latest portal view, to admins only', async () => {
    const client = await backend.createUser();
    const admins = backend.client(admin);
    const secondOfficer = await backend.createUser({ appRole: 'admin' });
    for (const [officer, phase] of [
      [admin, 'start'],
      [admin, 'end'],
      [secondOfficer, 'start'],
      [secondOfficer, 'end'],
    ] as const) {
      expect(
        (await backend.client(officer).rpc('log_impersonation', { client_id: client.id, phase })).error,
      ).toBeNull();
    }
    const latest = await backend.service
      .from('audit_log')
      .select('created_at')
      .eq('record_id', client.id)
      .eq('action', 'impersonation.start')
      .order('id', { ascending: false })
      .limit(1)
      .single();
    const expected = [{ client_id: client.id, actor_id: secondOfficer.id, created_at: latest.data!.created_at }];
    expect((await admins.from('portal_last_views').select('*').eq('client_id', client.id)).data).toEqual(expected);
    expect((await backend.service.from('portal_last_views').select('*').eq('client_id', client.id)).data).toEqual(
      expected,
    );
    const asApplicant = await backend.client(client).from('portal_last_views').select('*');
    expect(asApplicant).toMatchObject({ data: [], error: null });
    expect((await backend.anon.from('portal_last_views').select('*')).error?.code).toBe('42501');
  });

  it('is read by admins only', async () => {
    const id = await createApplication();
    await backend.client(admin).from('applications').update({ status: 'approved' }).eq('id', id);
    const asAdmin = await backend.client(admin).from('audit_log').select('action').eq('record_id', id);
    expect(asAdmin.data).toEqual([{ action: 'application.approved' }]);
    const asApplicant = await backend.client(applicant).from('audit_log').select('action').eq('record_id', id);
    expect(asApplicant.error).toBeNull();
    expect(asApplicant.data).toEqual([]);
  });
});

describe('user_metadata grants nothing', () => {
  it('treats a user whose user_metadata says admin as an applicant', async () => {
    const pretender = await backend.createUser({ userMetadata: { role: 'admin' } });
    const client = backend.client(pretender);
    const id = await createApplication();

    const read = await client.from('applications').select('id').eq('id', id);
    expect(read.data).toEqual([]);
    const update = await client.from('applications').update({ status: 'approved' }).eq('id', id);
    expect(update.error).toBeNull();
    const { data } = await backend.service.from('applications').select('status').eq('id', id).single();
    expect(data).toEqual({ status: 'pending' });
    expect((await client.from('audit_log').select('id')).data).toEqual([]);
    expect((await client.from('profiles').select('user_id')).data).toEqual([{ user_id: pretender.id }]);
    expect((await client.rpc('log_impersonation', { client_id: applicant.id })).error?.code).toBe('42501');
    const letter = await client
      .from('pre_application_letters')
      .insert({ application_id: id, address: 'x', zip_code: '89501', loan_amount: 1, loan_purpose: 'x' });
    expect(letter.error?.code).toBe('42501');
    const profile = await backend.db.query('select role from public.profiles where user_id = $1', [pretender.id]);
    expect(profile.rows).toEqual([{ role: 'applicant' }]);
  });
});

describe('profiles', () => {
  it('are created with each auth user: applicant, or admin when app_metadata says so', async () => {
    const newcomer = await backend.createUser({ userMetadata: { role: 'applicant', business_name: 'Okafor HVAC' } });
    const officer = await backend.createUser({ appRole: 'admin' });
    const { rows } = await backend.db.query<Row>(
      'select user_id, business_name, phone, role from public.profiles where user_id = any($1::uuid[]) order by role',
      [[newcomer.id, officer.id]],
    );
    expect(rows).toEqual([
      { user_id: officer.id, business_name: '', phone: '', role: 'admin' },
      { user_id: newcomer.id, business_name: 'Okafor HVAC', phone: '', role: 'applicant' },
    ]);
  });

  it('follow a change of app_metadata.role', async () => {
    const user = await backend.createUser();
    await backend.db.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}'::jsonb where id = $1`,
      [user.id],
    );
    const { rows } = await backend.db.query('select role from public.profiles where user_id = $1', [user.id]);
    expect(rows).toEqual([{ role: 'admin' }]);
  });

  it('let their owner change only the business name and phone', async () => {
    const client = backend.client(applicant);
    const allowed = await client
      .from('profiles')
      .update({ business_name: 'Lopez Family Bakery', phone: '(775) 555-0142' })
      .eq('user_id', applicant.id)
      .select('business_name, phone, role');
    expect(allowed.data).toEqual([
      { business_name: 'Lopez Family Bakery', phone: '(775) 555-0142', role: 'applicant' },
    ]);
    const promote = await client.from('profiles').update({ role: 'admin' }).eq('user_id', applicant.id);
    expect(promote.error?.code).toBe('42501');
  });
});

describe('applicants read their applications by user id or by confirmed e-mail', () => {
  it('shows an application made before sign-up to the owner of that confirmed e-mail only', async () => {
    const email = uniqueEmail('before-signup');
    const id = await createApplication({ email });
    const confirmed = await backend.createUser({ email });
    const { data } = await backend.client(confirmed).from('applications').select('id');
    expect(data).toEqual([{ id }]);
    const other = await backend.client(applicant).from('applications').select('id').eq('id', id);
    expect(other.data).toEqual([]);
  });

  it('hides it while the e-mail is unconfirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    await createApplication({ email });
    const unconfirmed = await backend.createUser({ email, confirmed: false });
    const { data, error } = await backend.client(unconfirmed).from('applications').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('hides it when the token names an e-mail that is not the account’s', async () => {
    const victim = uniqueEmail('victim');
    await createApplication({ email: victim });
    const impostor = await backend.createUser({ tokenEmail: victim });
    const { data } = await backend.client(impostor).from('applications').select('id');
    expect(data).toEqual([]);
  });
});

describe('admin-only records', () => {
  let approvedId: string;
  let pendingId: string;

  beforeAll(async () => {
    pendingId = await createApplication();
    approvedId = await createApplication();
    await backend.client(admin).from('applications').update({ status: 'approved' }).eq('id', approvedId);
  });

  const termSheet = (overrides: Row): Row => ({
    application_id: approvedId,
    bank_name: 'Sierra Community Bank',
    loan_amount: 250000,
    interest_rate: 10.25,
    term_months: 120,
    monthly_payment: 3339.12,
    collateral: 'Equipment',
    conditions: ['Proof of insurance'],
    created_by: admin.id,
    ...overrides,
  });

  it('require every term-sheet condition to be filled in', async () => {
    const admins = backend.client(admin);
    expect((await admins.from('term_sheets').insert(termSheet({}))).error).toBeNull();
    expect((await admins.from('term_sheets').insert(termSheet({ conditions: [] }))).error?.code).toBe('23514');
    expect((await admins.from('term_sheets').insert(termSheet({ conditions: ['Insurance', '  '] }))).error?.code).toBe(
      '23514',
    );
    expect((await admins.from('term_sheets').insert(termSheet({ collateral: '' }))).error?.code).toBe('23514');
  });

  it('allow term sheets and bank packages for approved applications only', async () => {
    const admins = backend.client(admin);
    const sheet = await admins.from('term_sheets').insert(termSheet({ application_id: pendingId }));
    expect(sheet.error?.code).toBe('42501');
    const pkg = await admins
      .from('bank_packages')
      .insert({ application_id: pendingId, summary: 'Summary', generated_by: admin.id });
    expect(pkg.error?.code).toBe('42501');
  });

  it('send a bank package once, with its date', async () => {
    const admins = backend.client(admin);
    const id = randomUUID();
    await admins
      .from('bank_packages')
      .insert({ id, application_id: approvedId, summary: 'Summary', generated_by: admin.id });
    const undated = await admins.from('bank_packages').update({ status: 'sent' }).eq('id', id);
    expect(undated.error?.code).toBe('23514');
    const sent = await admins
      .from('bank_packages')
      .update({ status: 'sent', sent_at: new Date().toISOString() })
      .eq('id', id);
    expect(sent.error).toBeNull();
    const back = await admins.from('bank_packages').update({ status: 'generated', sent_at: null }).eq('id', id);
    expect(back.error?.code).toBe('23514');
    const asSent = await admins
      .from('bank_packages')
      .insert({ application_id: approvedId, status: 'sent', summary: 'Summary', generated_by: admin.id });
    expect(asSent.error?.code).toBe('42501');
  });

  it('keep a bank package as generated: its text and snapshot are stored with it and never changed', async () => {
    const admins = backend.client(admin);
    const id = randomUUID();
    const snapshot = { title: 'Executive Summary: Reyes Bakery', sections: [] };
    const generated = await admins.from('bank_packages').insert({
      id,
      application_id: approvedId,
      summary: 'Summary',
      summary_snapshot: snapshot,
      generated_by: admin.id,
    });
    expect(generated.error).toBeNull();
    const stored = await admins.from('bank_packages').select('summary, summary_snapshot').eq('id', id).single();
    expect(stored.data).toEqual({ summary: 'Summary', summary_snapshot: snapshot });
    expect((await admins.from('bank_packages').update({ summary: 'Rewritten' }).eq('id', id)).error?.code).toBe(
      '42501',
    );
    expect((await admins.from('bank_packages').update({ summary_snapshot: {} }).eq('id', id)).error?.code).toBe(
      '42501',
    );
  });

  it('need the letter’s required fields', async () => {
    const { error } = await backend.client(admin).from('pre_application_letters').insert({
      application_id: pendingId,
      address: '410 Sierra St',
      zip_code: ' ',
      loan_amount: 250000,
      loan_purpose: 'Equipment purchase',
      created_by: admin.id,
    });
    expect(error?.code).toBe('23514');
  });
});

describe('documents, additional information and registrations', () => {
  it('keep a document record inside its owner’s folder, within the size limit', async () => {
    // The rules hold for every caller; the service role's rows keep the size given, so they show the limit too.
    const record = (path: string): Row => ({
      user_id: applicant.id,
      type: 'taxReturns',
      file_name: '2024-return.pdf',
      file_size: 1000,
      content_type: 'application/pdf',
      storage_path: path,
      uploaded_by: applicant.id,
    });
    const good = await backend.service
      .from('documents')
      .insert(record(`${applicant.id}/taxReturns/${randomUUID()}.pdf`));
    expect(good.error).toBeNull();
    for (const path of [
      `${admin.id}/taxReturns/${randomUUID()}.pdf`,
      `${applicant.id}/idDocument/${randomUUID()}.pdf`,
      `${applicant.id}/taxReturns/../../x.pdf`,
      `${applicant.id}/taxReturns/${randomUUID()}.exe`,
    ]) {
      expect((await backend.service.from('documents').insert(record(path))).error?.code, path).toBe('23514');
    }
    const tooLarge = await backend.service
      .from('documents')
      .insert({ ...record(`${applicant.id}/taxReturns/${randomUUID()}.pdf`), file_size: 26214401 });
    expect(tooLarge.error?.code).toBe('23514');
  });

  it('take a document record’s size and type from its stored file, and refuse one whose file was never stored', async () => {
    const client = backend.client(applicant);
    const path = await storeTestFile(client, `${applicant.id}/taxReturns/${randomUUID()}.pdf`);
    const claimed = { type: 'taxReturns', file_name: 'return.pdf', file_size: 1, content_type: 'image/png' };
    const filed = await client
      .from('documents')
      .insert({ user_id: applicant.id, storage_path: path, ...claimed })
      .select('file_size, content_type')
      .single();
    expect(filed.error).toBeNull();
    expect(filed.data).toEqual({ file_size: pdfBytes().length, content_type: 'application/pdf' });

    const never = await client
      .from('documents')
      .insert({ user_id: applicant.id, storage_path: `${applicant.id}/taxReturns/${randomUUID()}.pdf`, ...claimed });
    expect(never.error?.code).toBe('22023');
    expect(never.error?.message).toBe('This file was not uploaded: please upload it again');
  });

  it('link a document only to an application its owner can read', async () => {
    const client = backend.client(applicant);
    const foreign = await createApplication();
    const path = await storeTestFile(client, `${applicant.id}/taxReturns/${randomUUID()}.pdf`);
    const { error } = await client.from('documents').insert({
      user_id: applicant.id,
      application_id: foreign,
      type: 'taxReturns',
      file_name: 'return.pdf',
      file_size: 1000,
      content_type: 'application/pdf',
      storage_path: path,
      uploaded_by: applicant.id,
    });
    expect(error?.code).toBe('42501');
  });

  it('store additional information once per application, editable by its applicant until an officer decides', async () => {
    const user = await backend.createUser();
    const client = backend.client(user);
    const applicationId = await createApplication({ user_id: user.id, email: user.email });
    const businessHistory = {
      companyHistory: 'Since 2015',
      businessOperations: 'HVAC installs',
      importExport: 'none',
      businessHours: '8-5',
      physicalLocation: 'Reno',
      propertyOwnership: 'owned',
      propertyDetails: 'Shop',
    };
    const sections = (description: string, overrides: Row = {}): Row => ({
      application_id: applicationId,
      loan_purpose: { borrowerInjectionPercent: '10', bankFundingPercent: 90, projectDescription: description },
      business_history: businessHistory,
      market_analysis: { targetCustomers: 'Homes', geographicReach: 'Reno' },
      experience_background: { education: 'Trade school', workHistory: '10 years', industryExperience: '12 years' },
      ...overrides,
    });
    const save = (row: Row) => client.from('additional_info').upsert(row, { onConflict: 'application_id' });
    expect((await save(sections('First plan'))).error).toBeNull();
    expect((await save(sections('Second plan'))).error).toBeNull();
    const { data } = await client.from('additional_info').select('application_id, user_id, loan_purpose');
    expect(data).toEqual([
      {
        application_id: applicationId,
        user_id: user.id,
        loan_purpose: expect.objectContaining({ projectDescription: 'Second plan' }),
      },
    ]);

    const incomplete = sections('Plan', { market_analysis: { targetCustomers: 'Homes', geographicReach: '' } });
    expect((await save(incomplete)).error?.code).toBe('23514');
    const badChoice = sections('Plan', { business_history: { ...businessHistory, propertyOwnership: 'rented' } });
    expect((await save(badChoice)).error?.code).toBe('23514');
    const withoutApplication = sections('Plan', { application_id: null });
    expect((await client.from('additional_info').insert(withoutApplication)).error?.code).toBe('42501');
    // Not under someone else's name either, even on the applicant's own application.
    const secondApplication = await createApplication({ user_id: user.id, email: user.email });
    const underAnotherName = sections('Plan', { application_id: secondApplication, user_id: applicant.id });
    expect((await client.from('additional_info').insert(underAnotherName)).error?.code).toBe('42501');

    // An officer decides: the record is now read-only for the applicant, and still readable.
    await backend.db.query(`update public.applications set status = 'approved' where id = $1`, [applicationId]);
    expect((await save(sections('Third plan'))).error?.code).toBe('42501');
    const edit = await client
      .from('additional_info')
      .update({ market_analysis: { targetCustomers: 'Offices', geographicReach: 'Reno' } })
      .eq('application_id', applicationId)
      .select('id');
    expect(edit.data).toEqual([]);
    const after = await client.from('additional_info').select('loan_purpose, market_analysis').single();
    expect(after.data?.loan_purpose).toEqual(expect.objectContaining({ projectDescription: 'Second plan' }));
    expect(after.data?.market_analysis).toEqual({ targetCustomers: 'Homes', geographicReach: 'Reno' });
  });

  it('keep a timeline of every application: submitted, not qualified with its reasons, in review, decided with a reason', async () => {
    const owner = await backend.createUser();
    const client = backend.client(owner);
    const officer = backend.client(admin);
    const qualifiedId = await createApplication({ user_id: owner.id, email: owner.email });
    const declinedId = await createApplication({
      user_id: owner.id,
      email: owner.email,
      status: 'rejected',
      evaluation_result: {
        qualified: false,
        reasons: ['Credit below 660.', 'No down payment.'],
        suggestedNextSteps: [],
      },
    });
    const claim = await officer.from('applications').update({ assigned_admin_id: admin.id }).eq('id', qualifiedId);
    expect(claim.error).toBeNull();
    const decision = await officer
      .from('applications')
      .update({ status: 'rejected', decision_reason: 'Revenue too low for the amount asked.' })
      .eq('id', qualifiedId);
    expect(decision.error).toBeNull();

    const timeline = async (id: string) => {
      const { data, error } = await client
        .from('application_events')
        .select('kind, reason, actor_id')
        .eq('application_id', id)
        .order('id');
      expect(error).toBeNull();
      return data;
    };
    expect(await timeline(qualifiedId)).toEqual([
      { kind: 'submitted', reason: null, actor_id: null },
      { kind: 'in_review', reason: null, actor_id: admin.id },
      { kind: 'rejected', reason: 'Revenue too low for the amount asked.', actor_id: admin.id },
    ]);
    expect(await timeline(declinedId)).toEqual([
      { kind: 'submitted', reason: null, actor_id: null },
      { kind: 'not_qualified', reason: 'Credit below 660. No down payment.', actor_id: null },
    ]);

    // Someone else reads nothing of it, and nobody writes the timeline directly.
    const stranger = backend.client(await backend.createUser());
    expect((await stranger.from('application_events').select('id').eq('application_id', qualifiedId)).data).toEqual([]);
    const forged = await client.from('application_events').insert({ application_id: qualifiedId, kind: 'approved' });
    expect(forged.error?.code).toBe('42501');
    const rewritten = await officer
      .from('application_events')
      .update({ reason: 'x' })
      .eq('application_id', qualifiedId);
    expect(rewritten.error?.code).toBe('42501');
  });

  it('validate a business registration as the registration form does', async () => {
    const base: Row = {
      contact_name: 'Chidi Okafor',
      contact_email: 'chidi@okaforhvac.com',
      contact_mobile: '(775) 555-0188',
      legal_business_name: 'Okafor HVAC LLC',
      website_url: '',
      no_website: true,
      address: '12 Plumas St',
      city: 'Reno',
      state: 'NV',
      zip_code: '89509-1234',
      business_start_date: '2019-06-01',
      agree_to_terms: true,
    };
    expect((await backend.anon.from('business_registrations').insert(base)).error).toBeNull();
    for (const change of [
      { no_website: false },
      { no_website: false, website_url: 'not a url' },
      { state: 'DC' },
      { zip_code: '8950' },
      { agree_to_terms: false },
      { legal_business_name: ' ' },
    ]) {
      const { error } = await backend.anon.from('business_registrations').insert({ ...base, ...change });
      expect(error?.code, JSON.stringify(change)).toBe('23514');
    }
    // The primary contact the review shows is required too.
    for (const change of [{ contact_name: ' ' }, { contact_email: 'chidi@okaforhvac' }, { contact_mobile: '' }]) {
      const { error } = await backend.anon.from('business_registrations').insert({ ...base, ...change });
      expect(error?.code, JSON.stringify(change)).toBe('42501');
    }
    const readBack = await backend.anon.from('business_registrations').insert(base).select();
    expect(readBack.error?.code).toBe('42501');
  });
});

describe('public functions', () => {
  it('answer the start-up health check for a visitor', async () => {
    const { data, error } = await backend.anon.rpc('health');
    expect(error).toBeNull();
    expect(data).toBe('ok');
  });

  it('subscribe a visitor to the newsletter once, without an error on a repeat', async () => {
    const email = uniqueEmail('Reader').toUpperCase();
    expect((await backend.anon.rpc('subscribe_to_newsletter', { email })).error).toBeNull();
    expect((await backend.anon.rpc('subscribe_to_newsletter', { email: ` ${email.toLowerCase()} ` })).error).toBeNull();
    const { data } = await backend.service
      .from('newsletter_subscriptions')
      .select('email')
      .eq('email', email.toLowerCase());
    expect(data).toEqual([{ email: email.toLowerCase() }]);
    const invalid = await backend.anon.rpc('subscribe_to_newsletter', { email: 'nobody' });
    expect(invalid.error?.code).toBe('23514');
  });

  it('keep the confirmed-e-mail helper from visitors', async () => {
    const { error } = await backend.anon.rpc('current_confirmed_email');
    expect(error?.code).toBe('42501');
    const own = await backend.client(applicant).rpc('current_confirmed_email');
    expect(own.data).toBe(applicant.email);
  });
});

describe('the schema’s safety properties', () => {
  it('enables row-level security on every table in public', async () => {
    const { rows } = await backend.db.query(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('runs every view in public with its reader’s rights, so the tables’ policies apply through it', async () => {
    const { rows } = await backend.db.query(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('v', 'm')
          and not coalesce(c.reloptions @> array['security_invoker=on']
                        or c.reloptions @> array['security_invoker=true'], false)`,
    );
    expect(rows).toEqual([]);
  });

  it('pins search_path on every function in public but the inlined evaluation, and lets visitors run only the intended ones', async () => {
    // The evaluation functions, the admin lists' sort key, their search's text and their filter of files to review
    // are left unpinned so that the planner can inline them (see 20261122000000_inlinable_evaluation_functions.sql,
    // 20261129110000_business_name_sort_key.sql, 20261212110000_search_text.sql and
    // 20261216170000_files_to_review.sql); they must stay invoker-rights, pure SQL.
    const { rows: unpinned } = await backend.db.query(
      `select p.proname, p.prosecdef, p.provolatile, l.lanname
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
        where n.nspname = 'public' and not coalesce(p.proconfig @> array['search_path=""'], false)
        order by p.proname`,
    );
    expect(unpinned).toEqual(
      [
        'application_qualifies',
        'business_name_key',
        'credit_score_number',
        'debt_coverage_ratio',
        'files_to_review',
        'search_text',
        'years_in_business_number',
      ].map((proname) => ({ proname, prosecdef: false, provolatile: 'i', lanname: 'sql' })),
    );
    const { rows: definers } = await backend.db.query<{ proname: string; anon: boolean; authenticated: boolean }>(
      `select p.proname, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prosecdef order by p.proname`,
    );
    expect(definers).toEqual([
      { proname: 'accept_loan_offer', anon: false, authenticated: false },
      { proname: 'answer_lender_consent', anon: false, authenticated: true },
      { proname: 'answer_lender_package', anon: false, authenticated: false },
      { proname: 'applicant_offers', anon: false, authenticated: true },
      { proname: 'audit_row_change', anon: false, authenticated: false },
      { proname: 'cancel_document_request', anon: false, authenticated: true },
      { proname: 'check_document_filing', anon: false, authenticated: false },
      { proname: 'claim_due_document_reminders', anon: false, authenticated: false },
      { proname: 'claim_due_sms', anon: false, authenticated: false },
      { proname: 'close_links_of_deleted_lender', anon: false, authenticated: false },
      { proname: 'confirm_application_is_mine', anon: false, authenticated: true },
      { proname: 'consent_lenders', anon: false, authenticated: true },
      { proname: 'create_profile_for_new_user', anon: false, authenticated: false },
      { proname: 'current_confirmed_email', anon: false, authenticated: true },
      { proname: 'disown_application', anon: false, authenticated: true },
      { proname: 'document_checklist_of', anon: false, authenticated: true },
      { proname: 'document_checklists_of', anon: false, authenticated: true },
      { proname: 'document_is_reviewed', anon: false, authenticated: true },
      { proname: 'follow_loan_stage', anon: false, authenticated: false },
      { proname: 'follow_offer_expiries', anon: false, authenticated: false },
      { proname: 'insert_loan_stage', anon: false, authenticated: false },
      { proname: 'keep_consent_of_chosen_lender', anon: false, authenticated: false },
      { proname: 'keep_reviewed_documents', anon: false, authenticated: false },
      { proname: 'lender_criteria', anon: false, authenticated: true },
      { proname: 'lender_package', anon: false, authenticated: false },
      { proname: 'link_applications_to_confirmed_account', anon: false, authenticated: false },
      { proname: 'link_new_application_to_confirmed_account', anon: false, authenticated: false },
      { proname: 'log_impersonation', anon: false, authenticated: true },
      { proname: 'make_loan_offer', anon: false, authenticated: false },
      { proname: 'name_lender_in_audit', anon: false, authenticated: false },
      { proname: 'offer_expiries_of', anon: false, authenticated: false },
      { proname: 'offer_is_live', anon: false, authenticated: false },
      { proname: 'package_of_link', anon: false, authenticated: false },
      { proname: 'queue_sms_for_event', anon: false, authenticated: false },
      { proname: 'queue_sms_number_confirmation', anon: false, authenticated: false },
      { proname: 'record_application_event', anon: false, authenticated: false },
      { proname: 'record_application_sms_consent', anon: false, authenticated: false },
      { proname: 'record_consent_event', anon: false, authenticated: false },
      { proname: 'record_deleted_row', anon: false, authenticated: false },
      { proname: 'record_loan_stage', anon: false, authenticated: true },
      { proname: 'record_loan_stage_by_link', anon: false, authenticated: false },
      { proname: 'record_package_event', anon: false, authenticated: false },
      { proname: 'refresh_document_checklist', anon: false, authenticated: false },
      { proname: 'refresh_document_checklist_of_row', anon: false, authenticated: false },
      { proname: 'refuse_answers_after_acceptance', anon: false, authenticated: false },
      { proname: 'release_document_reminder', anon: false, authenticated: false },
      { proname: 'remove_consents_of_deleted_lender', anon: false, authenticated: false },
      { proname: 'request_document', anon: false, authenticated: true },
      { proname: 'require_lender_consent', anon: false, authenticated: false },
      { proname: 'review_document', anon: false, authenticated: true },
      { proname: 'revoke_lender_link', anon: false, authenticated: true },
      { proname: 'set_document_not_needed', anon: false, authenticated: true },
      { proname: 'set_rate_index_value', anon: false, authenticated: true },
      { proname: 'set_sms_preference', anon: false, authenticated: true },
      { proname: 'subscribe_to_newsletter', anon: true, authenticated: true },
      { proname: 'sync_profile_role', anon: false, authenticated: false },
      { proname: 'take_stored_file_facts', anon: false, authenticated: false },
      { proname: 'withdraw_loan_offer', anon: false, authenticated: false },
    ]);
  });

  it('configures the private documents bucket with the 25 MB limit and the accepted types', async () => {
    const { rows } = await backend.db.query(
      `select public, file_size_limit::text as limit, allowed_mime_types from storage.buckets where id = 'documents'`,
    );
    expect(rows).toEqual([
      {
        public: false,
        limit: '26214400',
        allowed_mime_types: [
          'application/pdf',
          'application/msword',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'application/vnd.ms-excel',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'image/jpeg',
          'image/png',
        ],
      },
    ]);
  });
});

describe('storage paths', () => {
  it('let an applicant upload only to {their id}/{document type}/{uuid}.{allowed extension} in documents', async () => {
    await backend.db.query(
      `insert into storage.buckets (id, name, public) values ('other', 'other', false) on conflict do nothing`,
    );
    const upload = (bucket: string, name: string) =>
      sqlStateOf(
        backend.sqlAs(applicant, (tx) =>
          tx.query('insert into storage.objects (bucket_id, name) values ($1, $2)', [bucket, name]),
        ),
      );
    expect(await upload('documents', `${applicant.id}/leaseAgreement/${randomUUID()}.docx`)).toBe('ok');
    for (const [bucket, name] of [
      ['documents', `${admin.id}/leaseAgreement/${randomUUID()}.docx`],
      ['documents', `${applicant.id}/photos/${randomUUID()}.png`],
      ['documents', `${applicant.id}/leaseAgreement/lease.docx`],
      ['documents', `${applicant.id}/leaseAgreement/${randomUUID()}.html`],
      ['documents', `${applicant.id}/leaseAgreement/nested/${randomUUID()}.pdf`],
      ['documents', `${applicant.id}/${randomUUID()}.pdf`],
      ['other', `${applicant.id}/leaseAgreement/${randomUUID()}.pdf`],
    ] as const) {
      expect(await upload(bucket, name), `${bucket}/${name}`).toBe('42501');
    }
  });
});
