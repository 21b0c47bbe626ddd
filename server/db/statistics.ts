import type { Queryable } from './database.ts';

/** How often a server on PGlite looks for tables to analyse or vacuum (each look is one small query). */
export const STATISTICS_INTERVAL_SECONDS = 10;

/**
 * Runs `command` on each ordinary table (`s`: its row of pg_stat_all_tables, PGlite's counts of the rows it gained,
 * changed and lost; `c`: its row of pg_class) that `condition` holds for, and answers their names. The counts are
 * written out first: PGlite writes them at the end of a transaction at most once a second, so without this the
 * changes of the last second would be missed, or counted again after the analysis that covered them.
 */
async function eachTable(db: Queryable, command: 'analyze' | 'vacuum', condition: string): Promise<string[]> {
  await db.query('select pg_catalog.pg_stat_force_next_flush()');
  const { rows } = await db.query<{ name: string }>(
    `select format('%I.%I', s.schemaname, s.relname) as name
       from pg_catalog.pg_stat_all_tables as s
       join pg_catalog.pg_class as c on c.oid = s.relid
      where c.relkind = 'r'
        and s.schemaname not in ('information_schema', 'pg_toast')
        and (${condition})
      order by 1`,
  );
  for (const { name } of rows) await db.exec(`${command} ${name}`);
  return rows.map((row) => row.name);
}

/**
 * Postgres keeps its planner's statistics itself (autovacuum analyses a table that changed); PGlite, one process
 * with no background workers, never does. A table never analysed is planned as if it held a handful of rows: at
 * 10,000 applications the dashboard's first page read every pending one and sorted them all for 25 (45 ms rather
 * than 6). This analyses the tables whose rows changed since their last analysis by more than 50 plus a tenth
 * of them (autovacuum's rule, with its default settings), and those whose size on disk is more than a tenth away
 * from the size their statistics were taken at (never analysed: none). The size catches what the counts cannot:
 * PGlite's counts start at zero on each start of the server, so a table filled before (or restored from a backup)
 * shows no change. The counts catch what the size cannot: rows updated or deleted in a table whose size stays
 * (vacuumDeadRows below frees the space that updates then reuse). Answers the tables analysed.
 */
export function refreshStatistics(db: Queryable): Promise<string[]> {
  return eachTable(
    db,
    'analyze',
    `s.schemaname not like 'pg\\_%'
     and (pg_catalog.pg_relation_size(c.oid) / current_setting('block_size')::int
            not between c.relpages * 0.9 and c.relpages * 1.1 + 1
          or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))`,
  );
}

/**
 * Nor does PGlite vacuum. A row updated or deleted stays in its table, dead, until a VACUUM frees its space: a
 * table whose rows change again and again (sessions and refresh tokens, documents under review, texts waiting to
 * go) grows without end, and every read of it reads the dead rows too. This vacuums the tables (the system
 * catalogues too, where each analysis leaves the old statistics behind) holding more dead rows than 50 plus a
 * fifth of their rows: autovacuum's own rule, with its default settings. Postgres also vacuums a table after many
 * inserts alone, which leave no dead row; that rule is left out, for PGlite's one connection would vacuum the
 * applications table again and again while a burst of submissions comes in. The counts are PGlite's statistics,
 * which start at zero on each start of the server: dead rows left by an earlier run are vacuumed with the next
 * ones. Answers the tables vacuumed.
 */
export function vacuumDeadRows(db: Queryable): Promise<string[]> {
  return eachTable(db, 'vacuum', 's.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)');
}
