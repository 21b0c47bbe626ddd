import { PostgrestError, parseError } from './errors.ts';
import type { Condition, FilterNode, OrderTerm, ReadQuery, SelectItem } from './query-params.ts';
import type { Relation, Routine } from './schema-cache.ts';

/** Collects bind parameters; values never enter the SQL text. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const allowedCasts = new Set([
  'text',
  'int',
  'integer',
  'int4',
  'bigint',
  'int8',
  'numeric',
  'float',
  'float8',
  'double precision',
  'boolean',
  'bool',
  'date',
  'timestamptz',
  'timestamp',
  'json',
  'jsonb',
  'uuid',
]);

const comparison: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** A column of the row (`_t`), or a computed field: its function called with the row. */
function column(relation: Relation, name: string): string {
  if (relation.columns.has(name)) return `_t.${quoteIdent(name)}`;
  if (relation.computedFields?.has(name)) return `public.${quoteIdent(name)}(_t)`;
  throw new PostgrestError(400, '42703', `column ${relation.name}.${name} does not exist`);
}

function conditionSql(relation: Relation, condition: Condition, params: Params): string {
  const col = column(relation, condition.column);
  const value = condition.value;
  let sql: string;
  switch (condition.operator) {
    case 'like':
    case 'ilike':
      sql = `${col}::text ${condition.operator} ${params.add(String(value).replace(/\*/g, '%'))}`;
      break;
    case 'is': {
      const v = String(value).toLowerCase();
      sql = v === 'not_null' ? `${col} is not null` : `${col} is ${v}`;
      break;
    }
    case 'in': {
      const list = value as string[];
      sql = list.length === 0 ? 'false' : `${col} in (${list.map((item) => params.add(item)).join(', ')})`;
      break;
    }
    default:
      sql = `${col} ${comparison[condition.operator]} ${params.add(value)}`;
  }
  return condition.negated ? `not (${sql})` : sql;
}

function nodeSql(relation: Relation, node: FilterNode, params: Params): string {
  if (node.kind === 'condition') return conditionSql(relation, node, params);
  const joined = node.children
    .map((child) => nodeSql(relation, child, params))
    .join(node.kind === 'and' ? ' and ' : ' or ');
  const sql = `(${joined || (node.kind === 'and' ? 'true' : 'false')})`;
  return node.negated ? `not ${sql}` : sql;
}

export function whereSql(relation: Relation, filters: FilterNode[], params: Params): string {
  if (filters.length === 0) return 'true';
  return filters.map((filter) => nodeSql(relation, filter, params)).join(' and ');
}

function selectList(relation: Relation, select: SelectItem[] | undefined): string {
  if (!select) return '_t.*';
  return select
    .map((item) => {
      const col = column(relation, item.column);
      if (item.cast !== undefined && !allowedCasts.has(item.cast))
        throw parseError(`Cast to "${item.cast}" is not supported`);
      return `${col}${item.cast ? `::${item.cast}` : ''} as ${quoteIdent(item.alias)}`;
    })
    .join(', ');
}

/** ' order by ...' of the terms, each sorting `expression(term, index)`; nothing without terms. */
function orderBy(order: OrderTerm[], expression: (term: OrderTerm, index: number) => string): string {
  if (order.length === 0) return '';
  const terms = order.map(
    (term, index) =>
      `${expression(term, index)} ${term.descending ? 'desc' : 'asc'}${term.nulls ? ` nulls ${term.nulls}` : ''}`,
  );
  return ` order by ${terms.join(', ')}`;
}

function orderSql(relation: Relation, order: OrderTerm[]): string {
  return orderBy(order, (term) => column(relation, term.column));
}

function pageSql(query: ReadQuery): string {
  return `${query.limit !== undefined ? ` limit ${query.limit}` : ''}${query.offset !== undefined ? ` offset ${query.offset}` : ''}`;
}

const table = (relation: Relation) => `public.${quoteIdent(relation.name)}`;

/** Wraps a row source into one row: the JSON array text (`body`) and the number of rows (`n`). */
function aggregate(source: string, relation: Relation, query: Pick<ReadQuery, 'select'>): string {
  return `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (select ${selectList(relation, query.select)} from ${source}) as _r`;
}

export type Statement = { sql: string; params: unknown[] };

export function buildSelect(relation: Relation, query: ReadQuery): Statement {
  const params = new Params();
  const where = whereSql(relation, query.filters, params);
  const source = `${table(relation)} as _t where ${where}${orderSql(relation, query.order)}${pageSql(query)}`;
  return { sql: aggregate(source, relation, query), params: params.values };
}

/**
 * A page and the count of every row it is a page of, in one statement, for a table with a one-column primary key
 * (undefined otherwise: buildSelect and buildCount then answer in two). Two statements evaluate the filters on every
 * row twice, and the page's sort carries whole rows: at 10,000 applications an officer's search (its words matched
 * in each row's search text, under RLS, which keeps indexes out of a pattern's way) took twice as long. Here the
 * filters run once, keeping each match's key and sort values; the count is of those, and only the page's rows are
 * read whole, by their key, and sorted again as asked.
 */
export function buildCountedSelect(relation: Relation, query: ReadQuery): Statement | undefined {
  const [key, ...more] = relation.primaryKey;
  if (relation.isView || key === undefined || more.length > 0) return undefined;
  const params = new Params();
  const where = whereSql(relation, query.filters, params);
  // Each sort value kept as _o0, _o1...: the page is sorted on those, the rows read by key on the columns again.
  const kept = [
    `_t.${quoteIdent(key)} as _k`,
    ...query.order.map((term, index) => `${column(relation, term.column)} as _o${index}`),
  ];
  const page = `select _k from _m${orderBy(query.order, (_term, index) => `_o${index}`)}${pageSql(query)}`;
  const source = `${table(relation)} as _t where _t.${quoteIdent(key)} = any(array(${page}))${orderSql(relation, query.order)}`;
  return {
    sql:
      `with _m as materialized (select ${kept.join(', ')} from ${table(relation)} as _t where ${where}) ` +
      `select (select count(*)::int from _m) as total, _page.* from (${aggregate(source, relation, query)}) as _page`,
    params: params.values,
  };
}

export function buildCount(relation: Relation, query: ReadQuery): Statement {
  const params = new Params();
  const where = whereSql(relation, query.filters, params);
  return { sql: `select count(*)::int as total from ${table(relation)} as _t where ${where}`, params: params.values };
}

function checkBodyColumns(relation: Relation, names: string[]): void {
  for (const name of names) {
    if (!relation.columns.has(name)) {
      throw new PostgrestError(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${relation.name}' in the schema cache`,
      );
    }
  }
}

export type WriteOptions = { returning: boolean; query: ReadQuery };

function withReturning(statement: string, relation: Relation, options: WriteOptions): string {
  if (!options.returning) return statement;
  return `with _m as (${statement} returning _t.*) ${aggregate('_m as _t', relation, options.query)}`;
}

export type Resolution = 'merge-duplicates' | 'ignore-duplicates' | undefined;

/**
 * The text of each insert already built, by relation and shape (columns, conflict handling, what it returns). A
 * visitor's submission builds the same text each time, and building it (quoting some thirty columns) cost more
 * than anything else the API does for that request; the same string object also lets the driver find its named
 * statement without hashing the text again. Bounded per relation; past the limit a text is built each time.
 */
const MAX_INSERT_SHAPES = 100;
const insertTexts = new WeakMap<Relation, Map<string, string>>();

function insertText(relation: Relation, names: string[], options: WriteOptions & { resolution: Resolution }): string {
  const key = JSON.stringify([
    names,
    options.resolution ?? null,
    options.query.onConflict ?? null,
    options.returning ? (options.query.select ?? null) : false,
  ]);
  let texts = insertTexts.get(relation);
  const known = texts?.get(key);
  if (known !== undefined) return known;
  checkBodyColumns(relation, names);
  const cols = names.map(quoteIdent).join(', ');
  const source =
    names.length === 0
      ? `default values`
      : `(${cols}) select ${cols} from json_populate_recordset(null::${table(relation)}, $1::json)`;
  let conflict = '';
  if (options.resolution) {
    const target = options.query.onConflict ?? relation.primaryKey;
    if (target.length === 0) throw parseError(`Upsert on ${relation.name} needs on_conflict: it has no primary key`);
    checkBodyColumns(relation, target);
    const updates = names.filter((name) => !target.includes(name));
    conflict =
      options.resolution === 'ignore-duplicates' || updates.length === 0
        ? ` on conflict (${target.map(quoteIdent).join(', ')}) do nothing`
        : ` on conflict (${target.map(quoteIdent).join(', ')}) do update set ${updates
            .map((name) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`)
            .join(', ')}`;
  }
  const text = withReturning(`insert into ${table(relation)} as _t ${source}${conflict}`, relation, options);
  if (!texts) insertTexts.set(relation, (texts = new Map()));
  if (texts.size < MAX_INSERT_SHAPES) texts.set(key, text);
  return text;
}

/** Every key of any of the rows, in the order first seen. */
function columnsOf(rows: Record<string, unknown>[]): string[] {
  if (rows.length === 1) return Object.keys(rows[0]!);
  const names = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row)) names.add(name);
  return [...names];
}

/** Inserts the rows, sent as one JSON parameter ($1) that the database spreads over the columns named. */
export function buildInsert(
  relation: Relation,
  rows: Record<string, unknown>[],
  options: WriteOptions & { resolution: Resolution },
): Statement {
  const names = options.query.columns ?? columnsOf(rows);
  const sql = insertText(relation, names, options);
  return { sql, params: names.length === 0 ? [] : [JSON.stringify(rows)] };
}

export function buildUpdate(relation: Relation, values: Record<string, unknown>, options: WriteOptions): Statement {
  const names = Object.keys(values);
  checkBodyColumns(relation, names);
  const params = new Params();
  const body = params.add(JSON.stringify(values));
  const where = whereSql(relation, options.query.filters, params);
  const assignments = names.map((name) => `${quoteIdent(name)} = _v.${quoteIdent(name)}`).join(', ');
  const statement = `update ${table(relation)} as _t set ${assignments} from json_populate_record(null::${table(relation)}, ${body}::json) as _v where ${where}`;
  return { sql: withReturning(statement, relation, options), params: params.values };
}

export function buildDelete(relation: Relation, options: WriteOptions): Statement {
  const params = new Params();
  const where = whereSql(relation, options.query.filters, params);
  const statement = `delete from ${table(relation)} as _t where ${where}`;
  return { sql: withReturning(statement, relation, options), params: params.values };
}

/** Calls a function with named arguments; set-returning functions accept the read query's filters and order. */
export function buildRpc(routine: Routine, args: Record<string, unknown>, query: ReadQuery): Statement {
  const known = new Map(routine.args.map((arg) => [arg.name, arg]));
  const unknown = Object.keys(args).filter((name) => !known.has(name));
  const missing = routine.args.filter((arg) => !arg.hasDefault && !(arg.name in args));
  if (unknown.length > 0 || missing.length > 0) {
    throw new PostgrestError(
      404,
      'PGRST202',
      `Could not find the function public.${routine.name}(${Object.keys(args).sort().join(', ')}) in the schema cache`,
      null,
      missing.length > 0 ? `Missing arguments: ${missing.map((arg) => arg.name).join(', ')}` : null,
    );
  }
  const params = new Params();
  const call = `public.${quoteIdent(routine.name)}(${Object.entries(args)
    .map(([name, value]) => {
      const type = known.get(name)!.type;
      const text = value === null ? null : typeof value === 'object' ? JSON.stringify(value) : String(value);
      return `${quoteIdent(name)} => ${params.add(text)}::${type}`;
    })
    .join(', ')})`;
  if (routine.returns === 'set') {
    if (query.select || query.filters.length > 0 || query.order.length > 0) {
      throw parseError('Filters, order and select on set-returning functions are not supported by this server');
    }
    return {
      sql: `select coalesce(json_agg(_t), '[]')::text as body, count(*)::int as n from (select * from ${call} as _t${pageSql(query)}) as _t`,
      params: params.values,
    };
  }
  if (routine.returns === 'void') return { sql: `select ${call}, 'null' as body, 1 as n`, params: params.values };
  return { sql: `select to_json(${call})::text as body, 1 as n`, params: params.values };
}
