import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { platformSql } from '../../server/db/boot.ts';
import type { Database } from '../../server/db/database.ts';
import { applyMigrations, readMigrations } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { removeDataDir, temporaryDataDir, testDatabaseUrl } from '../support/server-process.ts';

/**
 * Migrations that change what is already stored: an installation upgraded from the version before one must
 * end where a new one starts. Each case migrates a database up to the migration before, uses it, then upgrades.
 */
const migrations = readMigrations(path.join(import.meta.dirname, '../../supabase/migrations'));

let dataDir: string;
let db: Database;
let isOpen = false;

/** A database migrated up to, not including, `version` (PGlite, or Postgres when TEST_DATABASE_URL is set). */
async function databaseBefore(version: string): Promise<void> {
  await closeDatabase();
  dataDir = temporaryDataDir('loan-match-upgrade-');
  const url = await testDatabaseUrl(dataDir);
  db = url ? await openPostgres(url) : await openPglite(dataDir);
  isOpen = true;
  await db.exec(platformSql);
  await applyMigrations(
    db,
    migrations.filter((migration) => migration.version < version),
  );
}

async function closeDatabase(): Promise<void> {
  if (!isOpen) return;
  isOpen = false;
  await db.close();
  await removeDataDir(dataDir);
}

afterAll(closeDatabase);

async function insertApplication(overrides: Record<string, unknown> = {}): Promise<string> {
  const row = qualifiedApplicationRow(overrides);
  const columns = Object.keys(row);
  const { rows } = await db.query<{ id: string }>(
    `insert into public.applications (${columns.join(', ')})
     values (${columns.map((_column, index) => `$${index + 1}`).join(', ')}) returning id`,
    columns.map((column) => row[column]),
  );
  return rows[0]!.id;
}

describe('20261127100000: audit entries written before the application was recorded on them', () => {
  it('get the application they belong to when the database is upgraded; the others stay without one', async () => {
    await databaseBefore('20261127100000');
    // The migrations' own entries (the seeded lender network) come first.
    const { rows: before } = await db.query<{ last: number }>(
      'select coalesce(max(id), 0)::int as last from public.audit_log',
    );
    const kept = await insertApplication();
    await db.query(`update public.applications set status = 'approved' where id = $1`, [kept]);
    const { rows: sheets } = await db.query<{ id: string }>(
      `insert into public.term_sheets (application_id, bank_name, loan_amount, interest_rate, term_months,
         monthly_payment, collateral, conditions)
       values ($1, 'Sierra Community Bank', 250000, 10.25, 120, 3339.12, 'Equipment', array['Insurance'])
       returning id`,
      [kept],
    );
    await db.query(`insert into public.application_notes (application_id, body) values ($1, 'Kept note.')`, [kept]);
    // An application deleted with its note: the note's entries name a row that no longer exists.
    const removed = await insertApplication();
    await db.query(`insert into public.application_notes (application_id, body) values ($1, 'Gone note.')`, [removed]);
    await db.query('delete from public.applications where id = $1', [removed]);
    await db.query(
      `insert into public.audit_log (action, table_name, record_id) values ('impersonation.start', 'profiles', $1)`,
      [kept],
    );

    await applyMigrations(db, migrations);

    const { rows } = await db.query<{ action: string; application_id: string | null }>(
      'select action, application_id from public.audit_log where id > $1 order by id',
      [before[0]!.last],
    );
    expect(rows).toEqual([
      { action: 'application.approved', application_id: kept },
      { action: 'term_sheet.created', application_id: kept },
      { action: 'application_note.created', application_id: kept },
      { action: 'application_note.created', application_id: removed },
      // The application's own after-trigger is queued before the cascade's delete of its note.
      { action: 'application.deleted', application_id: removed },
      { action: 'application_note.deleted', application_id: removed },
      { action: 'impersonation.start', application_id: null },
    ]);
    expect(sheets).toHaveLength(1);
    const { rows: seeded } = await db.query(
      'select action from public.audit_log where id <= $1 and application_id is not null',
      [before[0]!.last],
    );
    expect(seeded).toEqual([]);
    // The log is append-only again once the upgrade is done.
    await expect(db.query(`update public.audit_log set action = 'x'`)).rejects.toThrow(/append-only/);
  });
});

describe('20261127110000: applications made before their applicant had an account', () => {
  it("become the account's when its e-mail is confirmed; unconfirmed accounts and owned applications are left", async () => {
    await databaseBefore('20261127110000');
    const account = async (email: string, confirmed: boolean) => {
      const { rows } = await db.query<{ id: string }>(
        `insert into auth.users (id, aud, role, email, email_confirmed_at)
         values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2) returning id`,
        [email, confirmed ? new Date().toISOString() : null],
      );
      return rows[0]!.id;
    };
    const confirmed = await account('Maria.Upgrade@Example.com', true);
    await account('pending.upgrade@example.com', false);
    const other = await account('other.upgrade@example.com', true);
    const before = await insertApplication({ email: 'maria.upgrade@example.com' });
    const owned = await insertApplication({ email: 'maria.upgrade@example.com', user_id: other });
    const waiting = await insertApplication({ email: 'pending.upgrade@example.com' });

    await applyMigrations(db, migrations);

    const { rows } = await db.query<{ id: string; user_id: string | null }>(
      'select id, user_id from public.applications where id = any($1::uuid[])',
      [[before, owned, waiting]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.user_id]))).toEqual({
      [before]: confirmed,
      [owned]: other,
      [waiting]: null,
    });
  });
});

describe('20261202110000: bank package audit entries written before they named the lender', () => {
  it('name the lender the package was for at the time: none when it was made, then the lender it was sent to', async () => {
    await databaseBefore('20261202110000');
    const application = await insertApplication();
    await db.query(`update public.applications set status = 'approved' where id = $1`, [application]);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.bank_packages (application_id, summary) values ($1, 'Summary') returning id`,
      [application],
    );
    const packageId = rows[0]!.id;
    await db.query(
      `update public.bank_packages set status = 'sent', bank_name = 'Sierra Community Bank', sent_at = now()
        where id = $1`,
      [packageId],
    );
    await db.query(
      `insert into public.audit_log (action, table_name, record_id, application_id, details)
       values ('bank_package.sent_to_lender', 'bank_packages', $1, $2, '{"lender_name": "Sierra Community Bank"}')`,
      [packageId, application],
    );

    await applyMigrations(db, migrations);

    const { rows: entries } = await db.query<{ action: string; lender_name: string | null }>(
      'select action, lender_name from public.audit_log where record_id = $1 order by id',
      [packageId],
    );
    expect(entries).toEqual([
      { action: 'bank_package.created', lender_name: null },
      { action: 'bank_package.sent', lender_name: 'Sierra Community Bank' },
      { action: 'bank_package.sent_to_lender', lender_name: 'Sierra Community Bank' },
    ]);
    await expect(db.query(`update public.audit_log set action = 'x'`)).rejects.toThrow(/append-only/);
  });
});

describe('20261219100000: numbers texted before a number had to say YES', () => {
  it('keep their texts unless they replied STOP; a number never texted is asked first', async () => {
    await databaseBefore('20261219100000');
    const texted = '+12085550111';
    const neverTexted = '+12085550112';
    const stopped = '+12085550113';
    const turnedOnInPortal = '+12085550114';
    for (const phone of [texted, neverTexted, stopped, turnedOnInPortal]) {
      const application = await insertApplication({ phone, receive_sms: true });
      if (phone === neverTexted) continue;
      await db.query(
        `insert into public.sms_messages (application_id, kind, phone_e164, status, sent_at)
         values ($1, 'approved', $2, 'sent', now() - interval '3 days')`,
        [application, phone],
      );
    }
    await db.query(
      `insert into public.sms_opt_outs (phone_e164, opted_out, changed_via)
       values ($1, true, 'reply_stop'), ($2, false, 'portal')`,
      [stopped, turnedOnInPortal],
    );

    await applyMigrations(db, migrations);

    const { rows } = await db.query<{ phone_e164: string; opted_out: boolean; changed_via: string }>(
      'select phone_e164, opted_out, changed_via from public.sms_opt_outs order by phone_e164',
    );
    expect(rows).toEqual([
      { phone_e164: texted, opted_out: false, changed_via: 'texted_before' },
      { phone_e164: stopped, opted_out: true, changed_via: 'reply_stop' },
      { phone_e164: turnedOnInPortal, opted_out: false, changed_via: 'texted_before' },
    ]);
    const { rows: confirmed } = await db.query<{ phone: string; confirmed: boolean }>(
      `select phone, public.sms_number_confirmed(phone) as confirmed from unnest($1::text[]) as phone order by phone`,
      [[texted, neverTexted, stopped, turnedOnInPortal]],
    );
    expect(confirmed.map((row) => row.confirmed)).toEqual([true, false, false, true]);
  });
});
