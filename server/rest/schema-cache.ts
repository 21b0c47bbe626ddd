import type { Queryable } from '../db/database.ts';

export type Column = { name: string; type: string; hasDefault: boolean };
/**
 * A table or view. `computedFields`: PostgREST's computed fields, the functions of the schema that take one
 * row of it and return one value (`public.business_name_key(public.applications)`), usable like a column in
 * filters, order and select (never part of `*`).
 */
export type Relation = {
  name: string;
  columns: Map<string, Column>;
  primaryKey: string[];
  isView: boolean;
  computedFields?: Set<string>;
};
export type FunctionArgument = { name: string; type: string; hasDefault: boolean };
export type RoutineReturn = 'set' | 'composite' | 'scalar' | 'void';
export type Routine = { name: string; args: FunctionArgument[]; returns: RoutineReturn; volatile: boolean };

/** What the REST layer knows of the exposed schema (public): its tables, views and functions. */
export type SchemaCache = { relations: Map<string, Relation>; routines: Map<string, Routine> };

export async function loadSchemaCache(db: Queryable, schema = 'public'): Promise<SchemaCache> {
  const columns = await db.query<{
    relation: string;
    kind: string;
    column_name: string;
    column_type: string;
    has_default: boolean;
  }>(
    `select c.relname as relation, c.relkind::text as kind, a.attname as column_name,
            format_type(a.atttypid, a.atttypmod) as column_type,
            (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
      order by c.relname, a.attnum`,
    [schema],
  );
  const keys = await db.query<{ relation: string; column_name: string }>(
    `select c.relname as relation, a.attname as column_name
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = $1 and i.indisprimary
      order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
    [schema],
  );
  const routines = await db.query<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[] | null;
    default_count: number;
    returns_set: boolean;
    return_kind: string;
    return_type: string;
    volatility: string;
  }>(
    `select p.proname as name, p.proargnames as arg_names,
            array(select format_type(t, null) from unnest(p.proargtypes) as t) as arg_types,
            p.pronargdefaults::int as default_count, p.proretset as returns_set,
            t.typtype::text as return_kind, format_type(p.prorettype, null) as return_type,
            p.provolatile::text as volatility
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
      where n.nspname = $1 and p.prokind = 'f'`,
    [schema],
  );

  const relations = new Map<string, Relation>();
  for (const row of columns.rows) {
    let relation = relations.get(row.relation);
    if (!relation) {
      relation = {
        name: row.relation,
        columns: new Map(),
        primaryKey: [],
        isView: row.kind === 'v' || row.kind === 'm',
      };
      relations.set(row.relation, relation);
    }
    relation.columns.set(row.column_name, {
      name: row.column_name,
      type: row.column_type,
      hasDefault: row.has_default,
    });
  }
  for (const row of keys.rows) relations.get(row.relation)?.primaryKey.push(row.column_name);

  const routineMap = new Map<string, Routine>();
  for (const row of routines.rows) {
    const types = row.arg_types ?? [];
    const names = row.arg_names ?? [];
    const firstDefault = types.length - row.default_count;
    const returns: RoutineReturn = row.returns_set
      ? 'set'
      : row.return_type === 'void'
        ? 'void'
        : row.return_kind === 'c'
          ? 'composite'
          : 'scalar';
    const rowOf = types.length === 1 ? relations.get(types[0]!.replace(/^public\./, '')) : undefined;
    if (rowOf && returns === 'scalar') (rowOf.computedFields ??= new Set()).add(row.name);
    routineMap.set(row.name, {
      name: row.name,
      args: types.map((type, index) => ({ name: names[index] ?? '', type, hasDefault: index >= firstDefault })),
      returns,
      volatile: row.volatility === 'v',
    });
  }
  return { relations, routines: routineMap };
}
