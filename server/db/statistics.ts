import type { Queryable } from './database.ts';

/** How often a server on PGlite looks for tables to analyse (a look is one small query on the catalogue). */
export const STATISTICS_INTERVAL_SECONDS = 10;

/**
 * Postgres keeps its planner's statistics itself (autovacuum analyses a table that changed); PGlite, one process
 * with no background workers, never does. A table never analysed is planned as if it held a handful of rows: at
 * 10,000 applications the dashboard's first page read every pending one and sorted them all for 25 (45 ms rather
 * than 6). This analyses the tables whose size on disk is more than a tenth away from the size their statistics
 * were taken at (never analysed: none), as autovacuum would after such a change. Answers the tables analysed.
 */
export async function refreshStatistics(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_catalog.pg_class as c
       join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
      where c.relkind = 'r'
        and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%'
        and pg_catalog.pg_relation_size(c.oid) / current_setting('block_size')::int
            not between c.relpages * 0.9 and c.relpages * 1.1 + 1
      order by 1`,
  );
  for (const { name } of rows) await db.exec(`analyze ${name}`);
  return rows.map((row) => row.name);
}
