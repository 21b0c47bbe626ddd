/**
 * The desktop cache's schema, as numbered migrations. SQLite's user_version holds the number of the last
 * one applied; each runs once, in order, inside one transaction with the version bump. Append only: a
 * landed migration is never edited (an officer's cache from an earlier release must upgrade cleanly).
 */
export type CacheMigration = { version: number; name: string; sql: string };

export const cacheMigrations: readonly CacheMigration[] = [
  {
    version: 1,
    name: 'applications, related rows, sync cursors and the outbox',
    sql: `
      create table meta (key text primary key, value text not null) strict;

      create table sync_state (
        table_name text primary key,
        cursor_at text not null,
        cursor_id text not null
      ) strict;

      -- One row per application: the API's row as JSON, plus the columns the lists filter, sort and search.
      create table applications (
        id text primary key,
        list text not null,
        business_name text not null,
        search_text text not null,
        created_at text not null,
        data text not null
      ) strict;
      create index applications_by_list_and_date on applications (list, created_at);
      create index applications_by_list_and_name on applications (list, business_name collate nocase);

      -- Rows of the other synced tables, linked to their application.
      create table related_rows (
        table_name text not null,
        id text not null,
        application_id text,
        sort_key text not null,
        data text not null,
        primary key (table_name, id)
      ) strict;
      create index related_rows_by_application on related_rows (application_id, table_name, sort_key);

      -- Decisions made offline, in the order they were made.
      create table outbox (
        id integer primary key autoincrement,
        intent text not null,
        created_at text not null,
        state text not null default 'pending' check (state in ('pending', 'done', 'conflict', 'refused')),
        attempts integer not null default 0,
        last_error text,
        server_state text,
        settled_at text,
        dismissed integer not null default 0
      ) strict;
    `,
  },
  {
    version: 2,
    name: 'document files kept for offline reading',
    sql: `
      create table document_files (
        document_id text primary key,
        data blob not null,
        size integer not null,
        last_read_at text not null
      ) strict;
      create index document_files_by_last_read on document_files (last_read_at);
      insert into meta (key, value) values ('document_budget_bytes', '${String(200 * 1024 * 1024)}')
        on conflict (key) do nothing;
    `,
  },
  {
    version: 3,
    name: 'audit entries read again, now linked to their application by the server',
    // Entries synced before linked only the application's own ones; the next sync fetches them all again.
    sql: `
      delete from related_rows where table_name = 'audit_log';
      delete from sync_state where table_name = 'audit_log';
    `,
  },
  {
    version: 4,
    name: 'audit entries read again, now naming the lender of a consent request or a bank package',
    // The server's entries gained lender_name (migrations 20261201110000 and 20261202110000), but a synced entry
    // is not sent again (its created_at does not change). Dropping the cursor makes the next sync fetch them all
    // and overwrite the cached copies; until then the cached entries stay readable offline.
    sql: `
      delete from sync_state where table_name = 'audit_log';
    `,
  },
  {
    version: 5,
    name: 'the account each queued change belongs to',
    // The cache's own account is meta's owner_id (set when an account signs in, electron/cache/cache-store.ts).
    // A change queued before this version has no owner: the first account to sign in afterwards takes it (until
    // then the cache was wiped at every sign-out, so it was made by the account still signed in).
    sql: `
      alter table outbox add column owner_id text;
      create index outbox_by_owner on outbox (owner_id, state);
    `,
  },
];

export const latestCacheVersion = cacheMigrations[cacheMigrations.length - 1]!.version;
