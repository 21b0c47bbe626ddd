import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import {
  sqlStateOf,
  startTestBackend,
  type Caller,
  type TestBackend,
  type TestUser,
} from '../support/database-actors.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { storeTestFile } from '../support/filed-documents.ts';

/**
 * The security matrix (docs/architecture.md, Security tests): for every table in public and for
 * storage.objects in the bucket `documents`, each caller × each operation gives the expected result, on the
 * caller's own rows and on rows owned by someone else. Tables are driven through supabase-js against
 * server/; storage.objects with SQL under each caller's role (the storage API sits on the same policies).
 *
 * Callers: a visitor (anon), applicants A and B, an admin (app_metadata.role = admin), an applicant who wrote
 * role = admin into their own user_metadata (which grants nothing), and the service role.
 *
 * Operations: select; insert of one's own row; insert of a row owned by someone else (another owner's id);
 * update and delete of applicant A's row (someone else's for every caller but A); and updates that move
 * A's row to another owner (to another account, or into another owner's application).
 *
 * Outcomes: 'denied' is the error 42501 (no privilege, or a row failing a policy's WITH CHECK) and the
 * data unchanged; 'none' is a silent no-op (a USING clause filtered every row); 'own' / 'all' are the rows
 * a read sees among one row of applicant A and one of applicant B.
 *
 * A table the migrations create without a row here fails the first test: add its row when you add a table.
 */

const actors = ['anon', 'applicant A', 'applicant B', 'admin', 'metadata admin', 'service role'] as const;
type Actor = (typeof actors)[number];
type Read = 'denied' | 'none' | 'own' | 'all';
type Write = 'ok' | 'denied';
type Change = 'ok' | 'none' | 'denied';
type Row = Record<string, unknown>;
type NewRow = { row: Row; find: [column: string, value: string] };

/** Expectations in the order of `actors`. */
function per<T>(anon: T, applicantA: T, applicantB: T, admin: T, metadataAdmin: T, serviceRole: T): Record<Actor, T> {
  return {
    anon,
    'applicant A': applicantA,
    'applicant B': applicantB,
    admin,
    'metadata admin': metadataAdmin,
    'service role': serviceRole,
  };
}

let backend: TestBackend;
let applicantA: TestUser;
let applicantB: TestUser;
let admin: TestUser;
let metadataAdmin: TestUser;
let pendingApplicationId: string;
let approvedApplicationId: string;

function callerOf(actor: Actor): Caller {
  switch (actor) {
    case 'anon':
      return 'anon';
    case 'service role':
      return 'service_role';
    case 'applicant A':
      return applicantA;
    case 'applicant B':
      return applicantB;
    case 'admin':
      return admin;
    case 'metadata admin':
      return metadataAdmin;
  }
}

function clientOf(actor: Actor): SupabaseClient {
  return backend.client(callerOf(actor));
}

/** The user a caller's own row is written for: the caller itself, or applicant A for anon and the service role. */
function ownerFor(actor: Actor): TestUser {
  const caller = callerOf(actor);
  return typeof caller === 'string' ? applicantA : caller;
}

/** Someone else: applicant B for applicant A, applicant A for every other caller. */
function otherOwnerFor(actor: Actor): TestUser {
  return actor === 'applicant A' ? applicantB : applicantA;
}

async function serviceInsert(table: string, row: Row, key: string): Promise<string> {
  const { data, error } = await backend.service.from(table).insert(row).select<string, Row>(key).single();
  if (error) throw new Error(`seeding ${table} failed: ${error.message}`);
  return String(data[key]);
}

async function storedRows(table: string, column: string, value: string): Promise<Row[]> {
  const { data, error } = await backend.service.from(table).select('*').eq(column, value);
  if (error) throw new Error(`reading ${table} failed: ${error.message}`);
  return data ?? [];
}

/** A user whose profile row has been removed, so that a profile can be inserted for them. */
async function userWithoutProfile(): Promise<TestUser> {
  const user = await backend.createUser();
  await backend.db.query('delete from public.profiles where user_id = $1', [user.id]);
  return user;
}

/** A pending application belonging to this user (by user id and e-mail). */
function applicationOf(owner: TestUser): Promise<string> {
  return serviceInsert('applications', qualifiedApplicationRow({ user_id: owner.id, email: owner.email }), 'id');
}

function applicationRowOwnedBy(owner: TestUser | null): NewRow {
  const email = uniqueEmail('visitor');
  return { row: qualifiedApplicationRow({ email, ...(owner ? { user_id: owner.id } : {}) }), find: ['email', email] };
}

/** A document record in the owner's folder; uploaded_by is left to its default (the caller). */
function documentRow(owner: TestUser): Row {
  return {
    id: randomUUID(),
    user_id: owner.id,
    type: 'bankStatements',
    file_name: 'statement-march.pdf',
    file_size: 48_213,
    content_type: 'application/pdf',
    storage_path: `${owner.id}/bankStatements/${randomUUID()}.pdf`,
  };
}

/** A document record whose file is in storage (the database files a signed-in caller's row only for a stored file). */
async function storedDocumentRow(owner: TestUser): Promise<Row> {
  const row = documentRow(owner);
  await storeTestFile(backend.service, String(row.storage_path));
  return row;
}

/** Additional information for a new pending application of the owner. */
async function additionalInfoRow(owner: TestUser): Promise<Row> {
  return {
    id: randomUUID(),
    user_id: owner.id,
    application_id: await applicationOf(owner),
    loan_purpose: {
      equipmentPurchase: '$85,000',
      borrowerInjectionPercent: 10,
      bankFundingPercent: 90,
      projectDescription: 'Second oven line',
    },
    business_history: {
      companyHistory: 'Family bakery since 2015',
      businessOperations: 'Retail and wholesale bread',
      importExport: 'none',
      businessHours: 'Mon-Sat 6-18',
      physicalLocation: '410 Sierra St, Reno',
      propertyOwnership: 'leased',
      propertyDetails: '2,400 sq ft storefront',
    },
    market_analysis: { targetCustomers: 'Cafes and households', geographicReach: 'Washoe County' },
    franchise_information: {},
    experience_background: {
      education: 'Culinary school',
      workHistory: 'Head baker, 8 years',
      industryExperience: '15 years',
    },
  };
}

function lenderRow(): NewRow {
  const name = `Matrix Lender ${randomUUID()}`;
  return {
    row: {
      name,
      contact_name: 'Lee Park',
      contact_email: 'lee@lender.example',
      programs: ['sba_7a'],
      min_loan: 50_000,
      max_loan: 1_000_000,
    },
    find: ['name', name],
  };
}

/** A consent request, by this officer, for one of the lenders, on a new application of the owner. */
async function consentRowFor(owner: TestUser, officer: TestUser): Promise<NewRow> {
  const lenderId = await serviceInsert('lenders', lenderRow().row, 'id');
  const applicationId = await applicationOf(owner);
  return {
    row: { application_id: applicationId, lender_id: lenderId, requested_by: officer.id },
    find: ['application_id', applicationId],
  };
}

/** The tombstone of a deleted application (the delete trigger writes it). */
async function deletedRowOf(): Promise<string> {
  const applicationId = await applicationOf(applicantA);
  await backend.db.query('delete from public.applications where id = $1', [applicationId]);
  const { rows } = await backend.db.query<{ id: string }>(
    `select id::text from public.deleted_rows where table_name = 'applications' and row_id = $1`,
    [applicationId],
  );
  return rows[0]!.id;
}

/** The 'submitted' event of a new application of the owner (the trigger on applications writes it). */
async function eventOf(owner: TestUser): Promise<string> {
  const applicationId = await applicationOf(owner);
  const { rows } = await backend.db.query<{ id: string }>(
    `select id::text from public.application_events where application_id = $1 and kind = 'submitted'`,
    [applicationId],
  );
  return rows[0]!.id;
}

function registrationRow(submittedBy?: TestUser): NewRow {
  const name = `Okafor HVAC ${randomUUID()}`;
  const row: Row = {
    contact_name: 'Maria Lopez',
    contact_email: 'maria@lopezbakery.com',
    contact_mobile: '(775) 555-0142',
    legal_business_name: name,
    website_url: 'https://lopezbakery.com',
    no_website: false,
    address: '410 Sierra St',
    suite: '',
    city: 'Reno',
    state: 'NV',
    zip_code: '89501',
    business_start_date: '2015-04-01',
    agree_to_terms: true,
    ...(submittedBy ? { submitted_by: submittedBy.id } : {}),
  };
  return { row, find: ['legal_business_name', name] };
}

function letterRow(author: TestUser): Row {
  return {
    id: randomUUID(),
    application_id: pendingApplicationId,
    first_name: 'Maria',
    last_name: 'Lopez',
    business_name: 'Lopez Family Bakery',
    address: '410 Sierra St',
    city: 'Reno',
    state: 'NV',
    zip_code: '89501',
    loan_amount: 250000,
    loan_purpose: 'Equipment purchase',
    rate: 'WSJ Prime + 275',
    term_years: 10,
    estimated_payment: 100,
    created_by: author.id,
  };
}

function termSheetRow(author: TestUser): Row {
  return {
    id: randomUUID(),
    application_id: approvedApplicationId,
    bank_name: 'Sierra Community Bank',
    loan_amount: 250000,
    interest_rate: 10.25,
    term_months: 120,
    monthly_payment: 3339.12,
    collateral: 'Equipment and a personal guarantee',
    conditions: ['Two years of tax returns', 'Proof of insurance'],
    created_by: author.id,
  };
}

function bankPackageRow(author: TestUser): Row {
  return {
    id: randomUUID(),
    application_id: approvedApplicationId,
    summary: 'Executive summary of Lopez Family Bakery',
    generated_by: author.id,
  };
}

/** A new row found by its id column. */
const byId = (row: Row): NewRow => ({ row, find: ['id', String(row.id)] });

/** An update that gives a row to someone else, and what each caller gets from it. */
type Move = {
  what: string;
  change(target: TestUser): Promise<Row>;
  expected: Record<Actor, Change>;
};

/** How a table's rows belong to someone, and what each caller may do to rows that belong to someone else. */
type Ownership = {
  /** The column naming the row's owner (or author, for rows admins write). */
  column: string;
  /** A new, otherwise valid row owned by this user, as any caller would send it. */
  rowOwnedBy(owner: TestUser): Promise<NewRow>;
  /** Inserting a row owned by someone else (otherOwnerFor). */
  insert: Record<Actor, Write>;
  /** Someone a row can be moved to without breaking a unique key (default: a new account). */
  target?(): Promise<TestUser>;
  moves: Move[];
};

type TableCase = {
  table: string;
  key: string;
  /** Creates (as the service role) a row belonging to this user, where the table has owners; returns its key. */
  seed(owner: TestUser): Promise<string>;
  /** Prepares an insert of a row owned by this user (e.g. frees the one row a user may have). */
  beforeInsert?(owner: TestUser): Promise<void>;
  /** A new row as this caller would insert it for themselves. */
  newRow(actor: Actor): Promise<NewRow>;
  /** A change to apply in the update check (fresh values each time). */
  change(): Row;
  select: Record<Actor, Read>;
  insert: Record<Actor, Write>;
  update: Record<Actor, Change>;
  delete: Record<Actor, Change>;
  /** 'none': no row belongs to anyone (checked: the table has no column referencing auth.users). */
  ownership: Ownership | 'none';
};

/** A change refused to everyone but the service role (no API role holds the column's update privilege). */
const serviceRoleOnly = per<Change>('denied', 'denied', 'denied', 'denied', 'denied', 'ok');
const insertedByServiceRoleOnly = per<Write>('denied', 'denied', 'denied', 'denied', 'denied', 'ok');

/**
 * A record only admins write and nobody changes through the API but the service role (letters, term sheets):
 * read and written by admins, its author (created_by) always the caller. `immutable`: not even the service
 * role changes or deletes one (notes).
 */
function adminRecordCase(
  table: string,
  recordBy: (author: TestUser) => Row,
  change: () => Row,
  { authorColumn = 'created_by', immutable = false } = {},
): TableCase {
  const changes = immutable ? per<Change>('denied', 'denied', 'denied', 'denied', 'denied', 'denied') : serviceRoleOnly;
  return {
    table,
    key: 'id',
    seed: () => serviceInsert(table, recordBy(admin), 'id'),
    newRow: async (actor) => byId(recordBy(ownerFor(actor))),
    change,
    select: per('denied', 'none', 'none', 'all', 'none', 'all'),
    insert: per('denied', 'denied', 'denied', 'ok', 'denied', 'ok'),
    update: changes,
    delete: changes,
    ownership: {
      column: authorColumn,
      rowOwnedBy: async (author) => byId(recordBy(author)),
      insert: insertedByServiceRoleOnly,
      moves: [
        { what: 'to another author', change: async (target) => ({ [authorColumn]: target.id }), expected: changes },
      ],
    },
  };
}

function noteRow(author: TestUser): Row {
  return {
    id: randomUUID(),
    application_id: pendingApplicationId,
    author_id: author.id,
    body: 'Called the owner: the tax returns arrive next week.',
  };
}

/**
 * A record officers write only through a function that checks them and their input (review_document,
 * request_document, set_document_not_needed: database-rules and document-checklist tests), never through the
 * table: officers read it; no API role writes it directly but the service role.
 */
function officerFunctionRecordCase(
  table: string,
  recordBy: (author: TestUser) => Promise<Row>,
  change: () => Row,
  authorColumn: string,
): TableCase {
  return {
    table,
    key: 'id',
    seed: async () => serviceInsert(table, await recordBy(admin), 'id'),
    newRow: async (actor) => byId(await recordBy(ownerFor(actor))),
    change,
    select: per('denied', 'none', 'none', 'all', 'none', 'all'),
    insert: insertedByServiceRoleOnly,
    update: serviceRoleOnly,
    delete: serviceRoleOnly,
    ownership: {
      column: authorColumn,
      rowOwnedBy: async (author) => byId(await recordBy(author)),
      insert: insertedByServiceRoleOnly,
      moves: [
        {
          what: 'to another author',
          change: async (target) => ({ [authorColumn]: target.id }),
          expected: serviceRoleOnly,
        },
        {
          what: 'into another owner’s application',
          change: async (target) => ({ application_id: await applicationOf(target) }),
          expected: serviceRoleOnly,
        },
      ],
    },
  };
}

async function documentRequestRow(author: TestUser): Promise<Row> {
  return {
    id: randomUUID(),
    application_id: await applicationOf(applicantA),
    title: 'Debt schedule',
    details: 'Every business debt with its lender, balance and monthly payment.',
    requested_by: author.id,
  };
}

/** A review of a document of applicant A, filed with one of A's applications. */
async function documentReviewRow(author: TestUser): Promise<Row> {
  const applicationId = await applicationOf(applicantA);
  const documentId = await serviceInsert(
    'documents',
    { ...documentRow(applicantA), application_id: applicationId },
    'id',
  );
  return {
    id: randomUUID(),
    document_id: documentId,
    application_id: applicationId,
    outcome: 'needs_replacement',
    reason: 'The March statement is missing.',
    document_uploaded_at: new Date().toISOString(),
    reviewed_by: author.id,
  };
}

async function notNeededRow(author: TestUser): Promise<Row> {
  return {
    id: randomUUID(),
    application_id: await applicationOf(applicantA),
    type: 'leaseAgreement',
    marked_by: author.id,
  };
}

/** A reminder e-mailed about one of applicant A's applications (only the server's claim writes one). */
async function reminderRow(): Promise<NewRow> {
  return byId({ id: randomUUID(), application_id: await applicationOf(applicantA), number: 1 });
}

/** A package of a new application of the owner's (its lender's answers and offer hang on it). */
async function packageOf(owner: TestUser): Promise<{ application_id: string; package_id: string }> {
  const applicationId = await applicationOf(owner);
  const packageId = await serviceInsert('bank_packages', { application_id: applicationId, summary: 'Summary' }, 'id');
  return { application_id: applicationId, package_id: packageId };
}

/** A lender's offer on a package of the owner's application (only the lender's link makes one). */
async function loanOfferRow(owner: TestUser): Promise<Row> {
  return {
    id: randomUUID(),
    ...(await packageOf(owner)),
    revision: 1,
    amount: 250_000,
    rate_kind: 'fixed',
    fixed_rate: 9.5,
    term_months: 120,
    lender_fees: 2_500,
    collateral: 'Business assets',
    conditions: ['Personal guarantee'],
    expires_on: '2099-01-01',
  };
}

/** The owner's acceptance of an offer on their application (only accept_loan_offer makes one). */
async function acceptanceRow(owner: TestUser): Promise<Row> {
  const offer = await loanOfferRow(owner);
  await serviceInsert('loan_offers', offer, 'id');
  return {
    id: randomUUID(),
    application_id: offer.application_id,
    offer_id: offer.id,
    package_id: offer.package_id,
    accepted_by: owner.id,
    full_name: 'Maria Lopez',
    statement: 'I accept this offer’s terms as shown.',
    offer_sha256: 'a'.repeat(64),
    client_address: '203.0.113.9',
    user_agent: 'Mozilla/5.0',
  };
}

/** A closing stage of the owner's loan, as an officer records it. */
async function loanStageRow(owner: TestUser, recordedBy: TestUser): Promise<Row> {
  return {
    id: randomUUID(),
    application_id: await applicationOf(owner),
    stage: 'did_not_close',
    reason: 'The appraisal came in low.',
    recorded_by: recordedBy.id,
    recorded_via: 'officer',
  };
}

/** A US number in E.164 no other row uses (the 555-01xx numbers are set aside for fiction). */
let numbersUsed = 0;
function freshPhone(): string {
  numbersUsed += 1;
  return `+1208${String(Date.now() % 10_000).padStart(4, '0')}${String(numbersUsed % 1000).padStart(3, '0')}`;
}

/** An SMS consent of the owner's application, as the application form or the portal records it. */
async function smsConsentRow(owner: TestUser): Promise<Row> {
  return {
    id: randomUUID(),
    application_id: await applicationOf(owner),
    phone_e164: freshPhone(),
    consented: true,
    consent_text: 'I agree to receive SMS notifications about my application',
    source: 'portal',
    created_by: owner.id,
  };
}

/** A text about the owner's application. */
async function smsMessageRow(owner: TestUser): Promise<Row> {
  return { id: randomUUID(), application_id: await applicationOf(owner), kind: 'approved', phone_e164: freshPhone() };
}

/** The opt-out of a number the owner gave for texts (a consent of their application names it). */
async function smsOptOutRow(owner: TestUser): Promise<Row> {
  const consent = await smsConsentRow(owner);
  await serviceInsert('sms_consents', consent, 'id');
  return { phone_e164: consent.phone_e164, opted_out: true, changed_via: 'reply_stop' };
}

/** An index value as an officer entered it. */
function rateIndexRow(author: TestUser): Row {
  return { id: randomUUID(), rate_index: 'prime', percent: 7.5, as_of: '2026-11-20', entered_by: author.id };
}

/** Rows that belong to an applicant's application, written only through the database's functions. */
function functionWrittenCase(table: string, rowOf: (owner: TestUser) => Promise<Row>, change: () => Row): TableCase {
  return {
    table,
    key: 'id',
    seed: async (owner) => serviceInsert(table, await rowOf(owner), 'id'),
    newRow: async (actor) => byId(await rowOf(ownerFor(actor))),
    change,
    select: per('denied', 'own', 'own', 'all', 'own', 'all'),
    insert: insertedByServiceRoleOnly,
    update: serviceRoleOnly,
    delete: serviceRoleOnly,
    ownership: 'none',
  };
}

const tableCases: TableCase[] = [
  {
    table: 'applications',
    key: 'id',
    seed: applicationOf,
    newRow: async () => applicationRowOwnedBy(null),
    change: () => ({ status: 'approved' }),
    select: per('denied', 'own', 'own', 'all', 'own', 'all'),
    insert: per('ok', 'ok', 'ok', 'ok', 'ok', 'ok'),
    update: per('denied', 'none', 'none', 'ok', 'none', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    ownership: {
      column: 'user_id',
      rowOwnedBy: async (owner) => applicationRowOwnedBy(owner),
      insert: insertedByServiceRoleOnly,
      moves: [
        { what: 'to another account', change: async (target) => ({ user_id: target.id }), expected: serviceRoleOnly },
        {
          what: 'to another account’s e-mail',
          change: async (target) => ({ email: target.email }),
          expected: serviceRoleOnly,
        },
      ],
    },
  },
  {
    table: 'profiles',
    key: 'user_id',
    async seed(owner) {
      // An earlier check may have deleted or moved the owner's profile: put it back.
      const { error } = await backend.service.from('profiles').upsert({ user_id: owner.id });
      if (error) throw new Error(`seeding profiles failed: ${error.message}`);
      return owner.id;
    },
    async newRow() {
      const user = await userWithoutProfile();
      return { row: { user_id: user.id, business_name: 'Okafor HVAC' }, find: ['user_id', user.id] };
    },
    change: () => ({ phone: `(775) 555-${String(Math.floor(Math.random() * 9000) + 1000)}` }),
    select: per('denied', 'own', 'own', 'all', 'own', 'all'),
    // Every account has its profile, so any insert is for someone else: an account whose profile is missing.
    insert: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    update: per('denied', 'ok', 'none', 'none', 'none', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    ownership: {
      column: 'user_id',
      async rowOwnedBy() {
        const user = await userWithoutProfile();
        return { row: { user_id: user.id, business_name: 'Okafor HVAC' }, find: ['user_id', user.id] };
      },
      insert: insertedByServiceRoleOnly,
      target: userWithoutProfile,
      moves: [
        { what: 'to another account', change: async (target) => ({ user_id: target.id }), expected: serviceRoleOnly },
      ],
    },
  },
  {
    table: 'documents',
    key: 'id',
    seed: (owner) => serviceInsert('documents', documentRow(owner), 'id'),
    newRow: async (actor) => byId(await storedDocumentRow(ownerFor(actor))),
    change: () => ({ file_name: `renamed-${randomUUID().slice(0, 6)}.pdf` }),
    select: per('denied', 'own', 'own', 'all', 'own', 'all'),
    insert: per('denied', 'ok', 'ok', 'ok', 'ok', 'ok'),
    update: per('denied', 'ok', 'none', 'none', 'none', 'ok'),
    delete: per('denied', 'ok', 'none', 'none', 'none', 'ok'),
    ownership: {
      column: 'user_id',
      rowOwnedBy: async (owner) => byId(await storedDocumentRow(owner)),
      insert: insertedByServiceRoleOnly,
      moves: [
        {
          what: 'to another account (and its folder)',
          change: async (target) => ({
            user_id: target.id,
            storage_path: `${target.id}/bankStatements/${randomUUID()}.pdf`,
          }),
          expected: serviceRoleOnly,
        },
        {
          what: 'into another owner’s application',
          change: async (target) => ({ application_id: await applicationOf(target) }),
          expected: per('denied', 'denied', 'none', 'none', 'none', 'ok'),
        },
      ],
    },
  },
  {
    table: 'additional_info',
    key: 'id',
    seed: async (owner) => serviceInsert('additional_info', await additionalInfoRow(owner), 'id'),
    newRow: async (actor) => byId(await additionalInfoRow(ownerFor(actor))),
    change: () => ({
      market_analysis: { targetCustomers: `Cafes ${randomUUID().slice(0, 6)}`, geographicReach: 'Nevada' },
    }),
    select: per('denied', 'own', 'own', 'all', 'own', 'all'),
    insert: per('denied', 'ok', 'ok', 'ok', 'ok', 'ok'),
    update: per('denied', 'ok', 'none', 'none', 'none', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    ownership: {
      column: 'user_id',
      rowOwnedBy: async (owner) => byId(await additionalInfoRow(owner)),
      insert: insertedByServiceRoleOnly,
      moves: [
        { what: 'to another account', change: async (target) => ({ user_id: target.id }), expected: serviceRoleOnly },
        {
          what: 'into another owner’s application',
          change: async (target) => ({ application_id: await applicationOf(target) }),
          expected: serviceRoleOnly,
        },
      ],
    },
  },
  {
    table: 'application_events',
    key: 'id',
    seed: eventOf,
    async newRow(actor) {
      const reason = `forged ${randomUUID()}`;
      const row = { application_id: await applicationOf(ownerFor(actor)), kind: 'approved', reason };
      return { row, find: ['reason', reason] };
    },
    change: () => ({ reason: `rewritten ${randomUUID()}` }),
    select: per('denied', 'own', 'own', 'all', 'own', 'all'),
    // Only the trigger on applications writes the timeline; nobody changes or removes an event.
    insert: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
    update: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
    ownership: {
      column: 'application_id',
      async rowOwnedBy(owner) {
        const reason = `forged ${randomUUID()}`;
        const row = { application_id: await applicationOf(owner), kind: 'approved', reason };
        return { row, find: ['reason', reason] };
      },
      insert: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
      moves: [
        {
          what: 'into another owner’s application',
          change: async (target) => ({ application_id: await applicationOf(target) }),
          expected: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
        },
      ],
    },
  },
  {
    table: 'business_registrations',
    key: 'id',
    seed: async () => serviceInsert('business_registrations', registrationRow().row, 'id'),
    newRow: async () => registrationRow(),
    change: () => ({ city: `Elko ${randomUUID().slice(0, 6)}` }),
    select: per('denied', 'none', 'none', 'all', 'none', 'all'),
    insert: per('ok', 'ok', 'ok', 'ok', 'ok', 'ok'),
    update: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    ownership: {
      column: 'submitted_by',
      rowOwnedBy: async (owner) => registrationRow(owner),
      insert: insertedByServiceRoleOnly,
      moves: [
        {
          what: 'to another account',
          change: async (target) => ({ submitted_by: target.id }),
          expected: serviceRoleOnly,
        },
      ],
    },
  },
  {
    table: 'newsletter_subscriptions',
    key: 'id',
    seed: () => serviceInsert('newsletter_subscriptions', { email: uniqueEmail('reader') }, 'id'),
    async newRow() {
      const email = uniqueEmail('reader');
      return { row: { email }, find: ['email', email] };
    },
    change: () => ({ email: uniqueEmail('changed') }),
    select: per('denied', 'none', 'none', 'all', 'none', 'all'),
    // Only through subscribe_to_newsletter, which never tells whether the address was subscribed.
    insert: insertedByServiceRoleOnly,
    update: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    ownership: 'none',
  },
  adminRecordCase('pre_application_letters', letterRow, () => ({
    loan_purpose: `Working capital ${randomUUID().slice(0, 6)}`,
  })),
  adminRecordCase('term_sheets', termSheetRow, () => ({ collateral: `Real estate ${randomUUID().slice(0, 6)}` })),
  adminRecordCase('application_notes', noteRow, () => ({ body: `Rewritten ${randomUUID().slice(0, 6)}` }), {
    authorColumn: 'author_id',
    immutable: true,
  }),
  officerFunctionRecordCase(
    'document_requests',
    documentRequestRow,
    () => ({ details: `Rewritten ${randomUUID().slice(0, 6)}` }),
    'requested_by',
  ),
  officerFunctionRecordCase(
    'document_reviews',
    documentReviewRow,
    () => ({ reason: `Rewritten ${randomUUID().slice(0, 6)}` }),
    'reviewed_by',
  ),
  officerFunctionRecordCase('documents_not_needed', notNeededRow, () => ({ type: 'idDocument' }), 'marked_by'),
  functionWrittenCase('loan_offers', loanOfferRow, () => ({ collateral: `Real estate ${randomUUID().slice(0, 6)}` })),
  {
    ...functionWrittenCase('offer_acceptances', acceptanceRow, () => ({
      full_name: `M. Lopez ${randomUUID().slice(0, 4)}`,
    })),
    ownership: {
      column: 'accepted_by',
      rowOwnedBy: async (owner) => byId(await acceptanceRow(owner)),
      insert: insertedByServiceRoleOnly,
      moves: [
        {
          what: 'to another account',
          change: async (target) => ({ accepted_by: target.id }),
          expected: serviceRoleOnly,
        },
      ],
    },
  },
  {
    ...functionWrittenCase(
      'loan_stages',
      (owner) => loanStageRow(owner, admin),
      () => ({ reason: `Rewritten ${randomUUID().slice(0, 6)}` }),
    ),
    ownership: {
      column: 'recorded_by',
      rowOwnedBy: async (author) => byId(await loanStageRow(applicantA, author)),
      insert: insertedByServiceRoleOnly,
      moves: [
        {
          what: 'to another author',
          change: async (target) => ({ recorded_by: target.id }),
          expected: serviceRoleOnly,
        },
        {
          what: 'into another owner’s application',
          change: async (target) => ({ application_id: await applicationOf(target) }),
          expected: serviceRoleOnly,
        },
      ],
    },
  },
  {
    ...functionWrittenCase('sms_consents', smsConsentRow, () => ({ consented: Math.random() < 0.5 })),
    ownership: {
      column: 'created_by',
      rowOwnedBy: async (owner) => byId(await smsConsentRow(owner)),
      insert: insertedByServiceRoleOnly,
      moves: [
        {
          what: 'into another owner’s application',
          change: async (target) => ({ application_id: await applicationOf(target) }),
          expected: serviceRoleOnly,
        },
      ],
    },
  },
  {
    table: 'sms_opt_outs',
    key: 'phone_e164',
    seed: async (owner) => serviceInsert('sms_opt_outs', await smsOptOutRow(owner), 'phone_e164'),
    newRow: async (actor) => {
      const row = await smsOptOutRow(ownerFor(actor));
      return { row, find: ['phone_e164', String(row.phone_e164)] };
    },
    change: () => ({ opted_out: Math.random() < 0.5 }),
    // An applicant sees whether their own numbers replied STOP (the portal's settings say so); nobody writes it
    // but the SMS webhook (set_sms_preference never undoes a STOP).
    select: per('denied', 'own', 'own', 'all', 'own', 'all'),
    insert: insertedByServiceRoleOnly,
    update: serviceRoleOnly,
    delete: serviceRoleOnly,
    ownership: 'none',
  },
  {
    ...functionWrittenCase('sms_messages', smsMessageRow, () => ({ status_detail: `Seen ${randomUUID()}` })),
  },
  {
    table: 'rate_index_values',
    key: 'id',
    seed: async () => serviceInsert('rate_index_values', rateIndexRow(admin), 'id'),
    newRow: async (actor) => byId(rateIndexRow(ownerFor(actor))),
    change: () => ({ percent: Math.round(Math.random() * 1000) / 100 }),
    // Public figures every signed-in person reads (the portal's comparison computes variable rates at them).
    select: per('denied', 'all', 'all', 'all', 'all', 'all'),
    insert: insertedByServiceRoleOnly,
    update: serviceRoleOnly,
    delete: serviceRoleOnly,
    ownership: {
      column: 'entered_by',
      rowOwnedBy: async (author) => byId(rateIndexRow(author)),
      insert: insertedByServiceRoleOnly,
      moves: [
        { what: 'to another author', change: async (target) => ({ entered_by: target.id }), expected: serviceRoleOnly },
      ],
    },
  },
  {
    table: 'document_reminders',
    key: 'id',
    seed: async () => serviceInsert('document_reminders', (await reminderRow()).row, 'id'),
    newRow: reminderRow,
    change: () => ({ number: 2 + Math.floor(Math.random() * 1000) }),
    // Officers see when the last reminder went; the applicant sees it on the timeline, not here.
    select: per('denied', 'none', 'none', 'all', 'none', 'all'),
    insert: insertedByServiceRoleOnly,
    update: serviceRoleOnly,
    delete: serviceRoleOnly,
    ownership: 'none',
  },
  {
    table: 'bank_packages',
    key: 'id',
    seed: () => serviceInsert('bank_packages', bankPackageRow(admin), 'id'),
    newRow: async (actor) => byId(bankPackageRow(ownerFor(actor))),
    change: () => ({ bank_name: `Sierra Community Bank ${randomUUID().slice(0, 6)}` }),
    select: per('denied', 'none', 'none', 'all', 'none', 'all'),
    insert: per('denied', 'denied', 'denied', 'ok', 'denied', 'ok'),
    update: per('denied', 'none', 'none', 'ok', 'none', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    ownership: {
      column: 'generated_by',
      rowOwnedBy: async (author) => byId(bankPackageRow(author)),
      insert: insertedByServiceRoleOnly,
      moves: [
        {
          what: 'to another author',
          change: async (target) => ({ generated_by: target.id }),
          expected: serviceRoleOnly,
        },
        {
          what: 'into another owner’s application',
          change: async (target) => ({ application_id: await applicationOf(target) }),
          expected: serviceRoleOnly,
        },
      ],
    },
  },
  {
    table: 'lenders',
    key: 'id',
    seed: async () => serviceInsert('lenders', lenderRow().row, 'id'),
    newRow: async () => lenderRow(),
    change: () => ({ answer_days: 1 + Math.floor(Math.random() * 80) }),
    // The network is the officers': applicants match through lender_criteria(), without names.
    select: per('denied', 'none', 'none', 'all', 'none', 'all'),
    insert: per('denied', 'denied', 'denied', 'ok', 'denied', 'ok'),
    update: per('denied', 'none', 'none', 'ok', 'none', 'ok'),
    delete: per('denied', 'none', 'none', 'ok', 'none', 'ok'),
    ownership: 'none',
  },
  {
    table: 'lender_consents',
    key: 'id',
    seed: async (owner) => serviceInsert('lender_consents', (await consentRowFor(owner, admin)).row, 'id'),
    newRow: async (actor) => {
      const caller = callerOf(actor);
      return consentRowFor(ownerFor(actor), typeof caller === 'string' ? admin : caller);
    },
    change: () => ({ status: 'approved' }),
    // Officers ask; the applicant answers through answer_lender_consent (database-rules); nobody edits rows.
    select: per('denied', 'own', 'own', 'all', 'own', 'all'),
    insert: per('denied', 'denied', 'denied', 'ok', 'denied', 'ok'),
    update: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    ownership: {
      column: 'application_id',
      rowOwnedBy: (owner) => consentRowFor(owner, admin),
      insert: per('denied', 'denied', 'denied', 'ok', 'denied', 'ok'),
      moves: [
        {
          what: 'into another owner’s application',
          change: async (target) => ({ application_id: await applicationOf(target) }),
          expected: serviceRoleOnly,
        },
      ],
    },
  },
  {
    table: 'deleted_rows',
    key: 'id',
    seed: deletedRowOf,
    async newRow() {
      const rowId = randomUUID();
      return { row: { table_name: 'documents', row_id: rowId }, find: ['row_id', rowId] };
    },
    change: () => ({ row_id: randomUUID() }),
    // Tombstones for the desktop sync: admins read them; only the delete triggers write them.
    select: per('denied', 'none', 'none', 'all', 'none', 'all'),
    insert: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
    update: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
    ownership: 'none',
  },
  {
    table: 'audit_log',
    key: 'id',
    seed: () => serviceInsert('audit_log', { action: `test.seed.${randomUUID()}`, table_name: 'applications' }, 'id'),
    async newRow() {
      const action = `test.insert.${randomUUID()}`;
      return { row: { action, table_name: 'applications' }, find: ['action', action] };
    },
    change: () => ({ action: `test.changed.${randomUUID()}` }),
    select: per('denied', 'none', 'none', 'all', 'none', 'all'),
    insert: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    update: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
    ownership: {
      column: 'actor_id',
      async rowOwnedBy(actor) {
        const action = `test.insert.${randomUUID()}`;
        return { row: { action, table_name: 'applications', actor_id: actor.id }, find: ['action', action] };
      },
      insert: insertedByServiceRoleOnly,
      moves: [
        {
          what: 'to another actor',
          change: async (target) => ({ actor_id: target.id }),
          // Nobody rewrites the audit log, not even the service role.
          expected: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
        },
      ],
    },
  },
  {
    table: 'document_officer_notices',
    key: 'document_id',
    seed: async (owner) =>
      serviceInsert(
        'document_officer_notices',
        { document_id: await serviceInsert('documents', documentRow(owner), 'id') },
        'document_id',
      ),
    async newRow(actor) {
      const documentId = await serviceInsert('documents', documentRow(ownerFor(actor)), 'id');
      return { row: { document_id: documentId }, find: ['document_id', documentId] };
    },
    change: () => ({ notified_at: new Date(Date.now() - Math.floor(Math.random() * 1e9)).toISOString() }),
    // The officers' e-mails of uploaded answers mark what they told here: nobody else reads or writes it.
    select: per('denied', 'denied', 'denied', 'denied', 'denied', 'all'),
    insert: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    // Claimed or given back, never rewritten.
    update: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    ownership: 'none',
  },
  {
    table: 'email_send_log',
    key: 'id',
    seed: () => serviceInsert('email_send_log', { sender: '203.0.113.7', recipient: uniqueEmail('seed') }, 'id'),
    async newRow() {
      const recipient = uniqueEmail('owner');
      return { row: { sender: '203.0.113.7', recipient }, find: ['recipient', recipient] };
    },
    change: () => ({ recipient: uniqueEmail('changed') }),
    select: per('denied', 'denied', 'denied', 'denied', 'denied', 'all'),
    insert: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    // The send-emails function only counts and prunes its rows.
    update: per('denied', 'denied', 'denied', 'denied', 'denied', 'denied'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    ownership: 'none',
  },
];

beforeAll(async () => {
  backend = await startTestBackend();
  applicantA = await backend.createUser({ email: uniqueEmail('applicant-a') });
  applicantB = await backend.createUser({ email: uniqueEmail('applicant-b') });
  admin = await backend.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });
  metadataAdmin = await backend.createUser({
    email: uniqueEmail('pretender'),
    userMetadata: { role: 'admin' },
  });
  pendingApplicationId = await serviceInsert('applications', qualifiedApplicationRow(), 'id');
  approvedApplicationId = await serviceInsert('applications', qualifiedApplicationRow(), 'id');
  const { error } = await backend.service
    .from('applications')
    .update({ status: 'approved' })
    .eq('id', approvedApplicationId);
  if (error) throw new Error(`approving the fixture application failed: ${error.message}`);
});

afterAll(async () => {
  await backend?.close();
});

describe('the matrix itself', () => {
  it('has a row for every table in public, so a new table cannot be left out', async () => {
    const { rows } = await backend.db.query<{ tablename: string }>(
      `select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(tableCases.map((tableCase) => tableCase.table).sort()).toEqual(rows.map((row) => row.tablename));
  });

  it('calls a table ownerless only when no column of it references an account', async () => {
    const { rows } = await backend.db.query<{ table_name: string }>(
      `select distinct c.conrelid::regclass::text as table_name
         from pg_constraint as c
        where c.contype = 'f' and c.confrelid = 'auth.users'::regclass
          and c.connamespace = 'public'::regnamespace`,
    );
    const referencing = new Set(rows.map((row) => row.table_name.replace(/^public\./, '')));
    const ownerless = tableCases.filter((tableCase) => tableCase.ownership === 'none').map((c) => c.table);
    expect(ownerless.filter((table) => referencing.has(table))).toEqual([]);
  });
});

describe.each(tableCases)('table $table', (tableCase) => {
  const { table, key } = tableCase;
  const rowOf = new Map<string, string>();
  const ownership = tableCase.ownership === 'none' ? undefined : tableCase.ownership;

  beforeAll(async () => {
    rowOf.set(applicantA.id, await tableCase.seed(applicantA));
    rowOf.set(applicantB.id, await tableCase.seed(applicantB));
  });

  async function expectInsert(actor: Actor, newRow: NewRow, expected: Write): Promise<Row[]> {
    const { error } = await clientOf(actor).from(table).insert(newRow.row);
    const stored = await storedRows(table, newRow.find[0], newRow.find[1]);
    if (expected === 'ok') {
      expect(error).toBeNull();
      expect(stored).toHaveLength(1);
    } else {
      expect(error?.code).toBe('42501');
      expect(stored).toHaveLength(0);
    }
    return stored;
  }

  async function expectUpdate(actor: Actor, id: string, change: Row, expected: Change): Promise<void> {
    const [before] = await storedRows(table, key, id);
    expect(before).toBeDefined();
    const { error } = await clientOf(actor).from(table).update(change).eq(key, id);
    // A move may change the key itself (the owner column is the key of profiles).
    const [after] = await storedRows(table, key, expected === 'ok' ? String(change[key] ?? id) : id);
    if (expected === 'denied') expect(error?.code).toBe('42501');
    else expect(error).toBeNull();
    if (expected === 'ok') expect(after).toMatchObject(change);
    else expect(after).toEqual(before);
  }

  it.each(actors)('select as %s', async (actor) => {
    const rowA = rowOf.get(applicantA.id)!;
    const rowB = rowOf.get(applicantB.id)!;
    const { data, error } = await clientOf(actor).from(table).select<string, Row>(key).in(key, [rowA, rowB]);
    const expected = tableCase.select[actor];
    if (expected === 'denied') {
      expect(error?.code).toBe('42501');
      return;
    }
    expect(error).toBeNull();
    const own = actor === 'applicant A' ? [rowA] : actor === 'applicant B' ? [rowB] : [];
    const visible = { none: [], own, all: [rowA, rowB] }[expected];
    expect((data ?? []).map((row) => String(row[key])).sort()).toEqual([...visible].sort());
  });

  it.each(actors)('insert of their own row as %s', async (actor) => {
    const owner = ownerFor(actor);
    await tableCase.beforeInsert?.(owner);
    await expectInsert(actor, await tableCase.newRow(actor), tableCase.insert[actor]);
  });

  it.each(actors)('update of applicant A’s row as %s', async (actor) => {
    const id = await tableCase.seed(applicantA);
    await expectUpdate(actor, id, tableCase.change(), tableCase.update[actor]);
  });

  it.each(actors)('delete of applicant A’s row as %s', async (actor) => {
    const id = await tableCase.seed(applicantA);
    expect(await storedRows(table, key, id)).toHaveLength(1);
    const { error } = await clientOf(actor).from(table).delete().eq(key, id);
    const stored = await storedRows(table, key, id);
    const expected = tableCase.delete[actor];
    if (expected === 'denied') expect(error?.code).toBe('42501');
    else expect(error).toBeNull();
    expect(stored).toHaveLength(expected === 'ok' ? 0 : 1);
  });

  if (!ownership) return;

  it.each(actors)('insert of a row owned by someone else as %s', async (actor) => {
    const other = otherOwnerFor(actor);
    await tableCase.beforeInsert?.(other);
    const newRow = await ownership.rowOwnedBy(other);
    const stored = await expectInsert(actor, newRow, ownership.insert[actor]);
    // Where it was written, the row names the other owner as sent (no default replaced it).
    for (const row of stored) expect(row[ownership.column]).toBe(newRow.row[ownership.column]);
  });

  describe.each(ownership.moves)('update that moves applicant A’s row $what', (move) => {
    it.each(actors)('as %s', async (actor) => {
      const id = await tableCase.seed(applicantA);
      const target = await (ownership.target?.() ?? backend.createUser());
      await expectUpdate(actor, id, await move.change(target), move.expected[actor]);
    });
  });
});

describe('storage.objects in the bucket documents, by folder', () => {
  const objectOf = new Map<string, string>();

  /** Stores an object (as the service role, as the storage API does after checking the policy). */
  async function storeObject(owner: TestUser): Promise<string> {
    const result = await backend.sqlAs('service_role', (tx) =>
      tx.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner) values ('documents', $1, $2) returning id`,
        [`${owner.id}/taxReturns/${randomUUID()}.pdf`, owner.id],
      ),
    );
    return result.rows[0]!.id;
  }

  async function storedObject(id: string): Promise<Row | undefined> {
    const stored = await backend.db.query<Row>('select name, metadata from storage.objects where id = $1', [id]);
    return stored.rows[0];
  }

  beforeAll(async () => {
    objectOf.set(applicantA.id, await storeObject(applicantA));
    objectOf.set(applicantB.id, await storeObject(applicantB));
  });

  const expectations = {
    select: per<Read>('none', 'own', 'own', 'all', 'own', 'all'),
    insertOwn: per<Write>('denied', 'ok', 'ok', 'ok', 'ok', 'ok'),
    insertOther: per<Write>('denied', 'denied', 'denied', 'denied', 'denied', 'ok'),
    update: per<Change>('none', 'none', 'none', 'none', 'none', 'ok'),
    move: per<Change>('none', 'none', 'none', 'none', 'none', 'ok'),
    delete: per<Change>('none', 'ok', 'none', 'none', 'none', 'ok'),
  };

  it.each(actors)('select as %s', async (actor) => {
    const objectA = objectOf.get(applicantA.id)!;
    const objectB = objectOf.get(applicantB.id)!;
    const result = await backend.sqlAs(callerOf(actor), (tx) =>
      tx.query<{ id: string }>('select id from storage.objects where id = any($1::uuid[])', [[objectA, objectB]]),
    );
    const own = actor === 'applicant A' ? [objectA] : actor === 'applicant B' ? [objectB] : [];
    const visible = { denied: [], none: [], own, all: [objectA, objectB] }[expectations.select[actor]];
    expect(result.rows.map((row) => row.id).sort()).toEqual([...visible].sort());
  });

  async function expectObjectInsert(actor: Actor, folderOwner: TestUser, expected: Write): Promise<void> {
    const name = `${folderOwner.id}/idDocument/${randomUUID()}.png`;
    const outcome = await sqlStateOf(
      backend.sqlAs(callerOf(actor), (tx) =>
        tx.query(`insert into storage.objects (bucket_id, name) values ('documents', $1)`, [name]),
      ),
    );
    const stored = await backend.db.query('select 1 from storage.objects where name = $1', [name]);
    expect(outcome).toBe(expected === 'ok' ? 'ok' : '42501');
    expect(stored.rows).toHaveLength(expected === 'ok' ? 1 : 0);
  }

  it.each(actors)('insert into their own folder as %s', (actor) =>
    expectObjectInsert(actor, ownerFor(actor), expectations.insertOwn[actor]),
  );

  it.each(actors)('insert into someone else’s folder as %s', (actor) =>
    expectObjectInsert(actor, otherOwnerFor(actor), expectations.insertOther[actor]),
  );

  it.each(actors)('update of applicant A’s object as %s', async (actor) => {
    const id = await storeObject(applicantA);
    const result = await backend.sqlAs(callerOf(actor), (tx) =>
      tx.query(`update storage.objects set metadata = '{"size": 1}'::jsonb where id = $1`, [id]),
    );
    const changed = expectations.update[actor] === 'ok';
    expect(result.affectedRows).toBe(changed ? 1 : 0);
    expect((await storedObject(id))?.metadata).toEqual(changed ? { size: 1 } : null);
  });

  it.each(actors)('move of applicant A’s object into applicant B’s folder as %s', async (actor) => {
    const id = await storeObject(applicantA);
    const before = await storedObject(id);
    const name = `${applicantB.id}/taxReturns/${randomUUID()}.pdf`;
    const result = await backend.sqlAs(callerOf(actor), (tx) =>
      tx.query('update storage.objects set name = $2 where id = $1', [id, name]),
    );
    const moved = expectations.move[actor] === 'ok';
    expect(result.affectedRows).toBe(moved ? 1 : 0);
    expect((await storedObject(id))?.name).toBe(moved ? name : before?.name);
  });

  it.each(actors)('delete of applicant A’s object as %s', async (actor) => {
    const id = await storeObject(applicantA);
    const result = await backend.sqlAs(callerOf(actor), (tx) =>
      tx.query('delete from storage.objects where id = $1', [id]),
    );
    const deleted = expectations.delete[actor] === 'ok';
    expect(result.affectedRows).toBe(deleted ? 1 : 0);
    expect(await storedObject(id)).toEqual(deleted ? undefined : expect.anything());
  });
});
