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

/**
 * The security matrix (DESIGN, "Data and security model"): for every table and for storage.objects in the
 * bucket `documents`, each caller (anon, applicant A, applicant B, admin, service role) × select, insert,
 * update, delete gives the expected result. Tables are driven through supabase-js against server/;
 * storage.objects with SQL under each caller's role (the storage API sits on the same policies).
 *
 * Outcomes: 'denied' is the error 42501 (no privilege, or a row failing a policy's WITH CHECK) and the
 * data unchanged; 'none' is a silent no-op (a USING clause filtered every row); 'own' / 'all' are the rows
 * a read sees among one row of applicant A and one of applicant B.
 */

const actors = ['anon', 'applicant A', 'applicant B', 'admin', 'service role'] as const;
type Actor = (typeof actors)[number];
type Read = 'denied' | 'none' | 'own' | 'all';
type Write = 'ok' | 'denied';
type Change = 'ok' | 'none' | 'denied';
type Row = Record<string, unknown>;

/** Expectations in the order of `actors`. */
function per<T>(anon: T, applicantA: T, applicantB: T, admin: T, serviceRole: T): Record<Actor, T> {
  return {
    anon,
    'applicant A': applicantA,
    'applicant B': applicantB,
    admin,
    'service role': serviceRole,
  };
}

let backend: TestBackend;
let applicantA: TestUser;
let applicantB: TestUser;
let admin: TestUser;
let pendingApplicationId: string;
let approvedApplicationId: string;

function callerOf(actor: Actor): Caller {
  if (actor === 'anon') return 'anon';
  if (actor === 'service role') return 'service_role';
  return actor === 'applicant A' ? applicantA : actor === 'applicant B' ? applicantB : admin;
}

function clientOf(actor: Actor): SupabaseClient {
  return backend.client(callerOf(actor));
}

/** The user a row is written for: the caller itself, or applicant A for anon and the service role. */
function ownerFor(actor: Actor): TestUser {
  const caller = callerOf(actor);
  return typeof caller === 'string' ? applicantA : caller;
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

function documentRow(owner: TestUser): Row {
  const id = randomUUID();
  return {
    id,
    user_id: owner.id,
    type: 'bankStatements',
    file_name: 'statement-march.pdf',
    file_size: 48_213,
    content_type: 'application/pdf',
    storage_path: `${owner.id}/bankStatements/${randomUUID()}.pdf`,
    uploaded_by: owner.id,
  };
}

function additionalInfoRow(owner: TestUser): Row {
  return {
    user_id: owner.id,
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

function registrationRow(name: string): Row {
  return {
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
  };
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

type TableCase = {
  table: string;
  key: string;
  /** Creates (as the service role) a row belonging to this user, where the table has owners; returns its key. */
  seed(owner: TestUser): Promise<string>;
  /** Prepares the insert check (e.g. frees the one row a user may have). */
  beforeInsert?(actor: Actor): Promise<void>;
  /** A new row as this caller would insert it, and the column and value that find it. */
  newRow(actor: Actor): Promise<{ row: Row; find: [string, string] }>;
  /** A change to apply in the update check (fresh values each time). */
  change(): Row;
  select: Record<Actor, Read>;
  insert: Record<Actor, Write>;
  update: Record<Actor, Change>;
  delete: Record<Actor, Change>;
};

const tableCases: TableCase[] = [
  {
    table: 'applications',
    key: 'id',
    seed: (owner) =>
      serviceInsert('applications', qualifiedApplicationRow({ user_id: owner.id, email: owner.email }), 'id'),
    async newRow() {
      const email = uniqueEmail('visitor');
      return { row: qualifiedApplicationRow({ email }), find: ['email', email] };
    },
    change: () => ({ status: 'approved' }),
    select: per('denied', 'own', 'own', 'all', 'all'),
    insert: per('ok', 'ok', 'ok', 'ok', 'ok'),
    update: per('denied', 'none', 'none', 'ok', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'ok'),
  },
  {
    table: 'profiles',
    key: 'user_id',
    seed: async (owner) => owner.id,
    async newRow() {
      const user = await userWithoutProfile();
      return { row: { user_id: user.id, business_name: 'Okafor HVAC' }, find: ['user_id', user.id] };
    },
    change: () => ({ phone: `(775) 555-${String(Math.floor(Math.random() * 9000) + 1000)}` }),
    select: per('denied', 'own', 'own', 'all', 'all'),
    insert: per('denied', 'denied', 'denied', 'denied', 'ok'),
    update: per('denied', 'ok', 'none', 'none', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'ok'),
  },
  {
    table: 'documents',
    key: 'id',
    seed: (owner) => serviceInsert('documents', documentRow(owner), 'id'),
    async newRow(actor) {
      const row = documentRow(ownerFor(actor));
      return { row, find: ['id', String(row.id)] };
    },
    change: () => ({ file_name: `renamed-${randomUUID().slice(0, 6)}.pdf` }),
    select: per('denied', 'own', 'own', 'all', 'all'),
    insert: per('denied', 'ok', 'ok', 'ok', 'ok'),
    update: per('denied', 'ok', 'none', 'none', 'ok'),
    delete: per('denied', 'ok', 'none', 'none', 'ok'),
  },
  {
    table: 'additional_info',
    key: 'user_id',
    async seed(owner) {
      const { error } = await backend.service.from('additional_info').upsert(additionalInfoRow(owner));
      if (error) throw new Error(`seeding additional_info failed: ${error.message}`);
      return owner.id;
    },
    async beforeInsert(actor) {
      await backend.service.from('additional_info').delete().eq('user_id', ownerFor(actor).id);
    },
    async newRow(actor) {
      const owner = ownerFor(actor);
      return { row: additionalInfoRow(owner), find: ['user_id', owner.id] };
    },
    change: () => ({
      market_analysis: { targetCustomers: `Cafes ${randomUUID().slice(0, 6)}`, geographicReach: 'Nevada' },
    }),
    select: per('denied', 'own', 'own', 'all', 'all'),
    insert: per('denied', 'ok', 'ok', 'ok', 'ok'),
    update: per('denied', 'ok', 'none', 'none', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'ok'),
  },
  {
    table: 'business_registrations',
    key: 'id',
    seed: () => serviceInsert('business_registrations', registrationRow(`Seed ${randomUUID()}`), 'id'),
    async newRow() {
      const name = `Okafor HVAC ${randomUUID()}`;
      return { row: registrationRow(name), find: ['legal_business_name', name] };
    },
    change: () => ({ city: `Elko ${randomUUID().slice(0, 6)}` }),
    select: per('denied', 'none', 'none', 'all', 'all'),
    insert: per('ok', 'ok', 'ok', 'ok', 'ok'),
    update: per('denied', 'denied', 'denied', 'denied', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'ok'),
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
    select: per('denied', 'none', 'none', 'all', 'all'),
    insert: per('ok', 'ok', 'ok', 'ok', 'ok'),
    update: per('denied', 'denied', 'denied', 'denied', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'ok'),
  },
  {
    table: 'pre_application_letters',
    key: 'id',
    seed: () => serviceInsert('pre_application_letters', letterRow(admin), 'id'),
    async newRow(actor) {
      const row = letterRow(ownerFor(actor));
      return { row, find: ['id', String(row.id)] };
    },
    change: () => ({ loan_purpose: `Working capital ${randomUUID().slice(0, 6)}` }),
    select: per('denied', 'none', 'none', 'all', 'all'),
    insert: per('denied', 'denied', 'denied', 'ok', 'ok'),
    update: per('denied', 'denied', 'denied', 'denied', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'ok'),
  },
  {
    table: 'term_sheets',
    key: 'id',
    seed: () => serviceInsert('term_sheets', termSheetRow(admin), 'id'),
    async newRow(actor) {
      const row = termSheetRow(ownerFor(actor));
      return { row, find: ['id', String(row.id)] };
    },
    change: () => ({ collateral: `Real estate ${randomUUID().slice(0, 6)}` }),
    select: per('denied', 'none', 'none', 'all', 'all'),
    insert: per('denied', 'denied', 'denied', 'ok', 'ok'),
    update: per('denied', 'denied', 'denied', 'denied', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'ok'),
  },
  {
    table: 'bank_packages',
    key: 'id',
    seed: () => serviceInsert('bank_packages', bankPackageRow(admin), 'id'),
    async newRow(actor) {
      const row = bankPackageRow(ownerFor(actor));
      return { row, find: ['id', String(row.id)] };
    },
    change: () => ({ bank_name: `Sierra Community Bank ${randomUUID().slice(0, 6)}` }),
    select: per('denied', 'none', 'none', 'all', 'all'),
    insert: per('denied', 'denied', 'denied', 'ok', 'ok'),
    update: per('denied', 'none', 'none', 'ok', 'ok'),
    delete: per('denied', 'denied', 'denied', 'denied', 'ok'),
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
    select: per('denied', 'none', 'none', 'all', 'all'),
    insert: per('denied', 'denied', 'denied', 'denied', 'ok'),
    update: per('denied', 'denied', 'denied', 'denied', 'denied'),
    delete: per('denied', 'denied', 'denied', 'denied', 'denied'),
  },
];

beforeAll(async () => {
  backend = await startTestBackend();
  applicantA = await backend.createUser({ email: uniqueEmail('applicant-a') });
  applicantB = await backend.createUser({ email: uniqueEmail('applicant-b') });
  admin = await backend.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });
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

describe.each(tableCases)('table $table', (tableCase) => {
  const { table, key } = tableCase;
  const rowOf = new Map<string, string>();

  beforeAll(async () => {
    rowOf.set(applicantA.id, await tableCase.seed(applicantA));
    rowOf.set(applicantB.id, await tableCase.seed(applicantB));
  });

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

  it.each(actors)('insert as %s', async (actor) => {
    await tableCase.beforeInsert?.(actor);
    const { row, find } = await tableCase.newRow(actor);
    const { error } = await clientOf(actor).from(table).insert(row);
    const stored = await storedRows(table, find[0], find[1]);
    if (tableCase.insert[actor] === 'ok') {
      expect(error).toBeNull();
      expect(stored).toHaveLength(1);
    } else {
      expect(error?.code).toBe('42501');
      expect(stored).toHaveLength(0);
    }
  });

  it.each(actors)('update as %s', async (actor) => {
    const id = await tableCase.seed(applicantA);
    const [before] = await storedRows(table, key, id);
    const change = tableCase.change();
    const { error } = await clientOf(actor).from(table).update(change).eq(key, id);
    const [after] = await storedRows(table, key, id);
    const expected = tableCase.update[actor];
    if (expected === 'denied') expect(error?.code).toBe('42501');
    else expect(error).toBeNull();
    if (expected === 'ok') expect(after).toMatchObject(change);
    else expect(after).toEqual(before);
  });

  it.each(actors)('delete as %s', async (actor) => {
    const id = await tableCase.seed(applicantA);
    const { error } = await clientOf(actor).from(table).delete().eq(key, id);
    const stored = await storedRows(table, key, id);
    const expected = tableCase.delete[actor];
    if (expected === 'denied') expect(error?.code).toBe('42501');
    else expect(error).toBeNull();
    expect(stored).toHaveLength(expected === 'ok' ? 0 : 1);
  });
});

describe('storage.objects in the bucket documents', () => {
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

  beforeAll(async () => {
    objectOf.set(applicantA.id, await storeObject(applicantA));
    objectOf.set(applicantB.id, await storeObject(applicantB));
  });

  const expectations = {
    select: per<Read>('none', 'own', 'own', 'all', 'all'),
    insert: per<Write>('denied', 'ok', 'ok', 'ok', 'ok'),
    update: per<Change>('none', 'none', 'none', 'none', 'ok'),
    delete: per<Change>('none', 'ok', 'none', 'none', 'ok'),
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

  it.each(actors)('insert into their own folder as %s', async (actor) => {
    const name = `${ownerFor(actor).id}/idDocument/${randomUUID()}.png`;
    const outcome = await sqlStateOf(
      backend.sqlAs(callerOf(actor), (tx) =>
        tx.query(`insert into storage.objects (bucket_id, name) values ('documents', $1)`, [name]),
      ),
    );
    const stored = await backend.db.query('select 1 from storage.objects where name = $1', [name]);
    if (expectations.insert[actor] === 'ok') {
      expect(outcome).toBe('ok');
      expect(stored.rows).toHaveLength(1);
    } else {
      expect(outcome).toBe('42501');
      expect(stored.rows).toHaveLength(0);
    }
  });

  it.each(actors)('update as %s', async (actor) => {
    const id = await storeObject(applicantA);
    const result = await backend.sqlAs(callerOf(actor), (tx) =>
      tx.query(`update storage.objects set metadata = '{"size": 1}'::jsonb where id = $1`, [id]),
    );
    const stored = await backend.db.query<{ metadata: unknown }>('select metadata from storage.objects where id = $1', [
      id,
    ]);
    const changed = expectations.update[actor] === 'ok';
    expect(result.affectedRows).toBe(changed ? 1 : 0);
    expect(stored.rows[0]!.metadata).toEqual(changed ? { size: 1 } : null);
  });

  it.each(actors)('delete as %s', async (actor) => {
    const id = await storeObject(applicantA);
    const result = await backend.sqlAs(callerOf(actor), (tx) =>
      tx.query('delete from storage.objects where id = $1', [id]),
    );
    const stored = await backend.db.query('select 1 from storage.objects where id = $1', [id]);
    const deleted = expectations.delete[actor] === 'ok';
    expect(result.affectedRows).toBe(deleted ? 1 : 0);
    expect(stored.rows).toHaveLength(deleted ? 0 : 1);
  });
});
