import { parseError } from './errors.ts';

export const filterOperators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in'] as const;
export type FilterOperator = (typeof filterOperators)[number];

export type Condition = {
  kind: 'condition';
  column: string;
  operator: FilterOperator;
  negated: boolean;
  /** A list for `in`, one value otherwise. */
  value: string | string[];
};
export type Logic = { kind: 'and' | 'or'; negated: boolean; children: FilterNode[] };
export type FilterNode = Condition | Logic;

export type SelectItem = { column: string; alias: string; cast: string | undefined };
export type OrderTerm = { column: string; descending: boolean; nulls: 'first' | 'last' | undefined };

export type ReadQuery = {
  /** undefined means every column (`*`). */
  select: SelectItem[] | undefined;
  filters: FilterNode[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
  onConflict: string[] | undefined;
  columns: string[] | undefined;
};

/**
 * How much of the query grammar one request may use. PostgREST's parser is bounded by its own; ours recursed
 * once per nested and/or and rescanned each level, so a 14 KB 'or=(or(or(...)))' blocked the event loop for
 * half a second and then overflowed the stack. Past any of these the request is answered 400 (PGRST100) before
 * any real parsing: nesting is measured by one linear scan first. Each is far above what the apps send (the
 * admin search nests two levels, the desktop sync's page cursor three, with under 20 conditions).
 */
export const QUERY_LIMITS = {
  /** Characters of the query string (Node's header limit already keeps the whole URL under 16 KB). */
  queryLength: 12_000,
  /** Nesting of and/or groups inside one filter parameter. */
  logicDepth: 6,
  /** Conditions in one request, across every filter parameter and group. */
  conditions: 100,
  /** Items of one in.(...) list. */
  listItems: 1000,
  /** Columns in select, terms in order, names in on_conflict and columns. */
  listedColumns: 200,
} as const;

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;
const castType = /^[a-z_][a-z0-9_ ]*(\[\])?$/;
const reserved = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'on_conflict',
  'columns',
  'or',
  'and',
  'not.or',
  'not.and',
]);

function checkIdentifier(name: string, what: string): string {
  if (!identifier.test(name)) throw parseError(`"${name}" is not a valid ${what} name`);
  return name;
}

/** Splits on a separator outside parentheses and double quotes. */
export function splitTopLevel(input: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (ch === '\\' && quoted && i + 1 < input.length) {
      current += ch + input[++i]!;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    if (ch === separator && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
    if (depth < 0) throw parseError('Unbalanced parentheses', input);
  }
  if (depth !== 0 || quoted) throw parseError('Unbalanced parentheses or quotes', input);
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function parseList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError('"in" needs a list such as in.(a,b)', raw);
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  const items = splitTopLevel(inner);
  if (items.length > QUERY_LIMITS.listItems) {
    throw parseError(`"in" lists at most ${QUERY_LIMITS.listItems} values, not ${items.length}`);
  }
  return items.map((item) => unquote(item.trim()));
}

/** Parses `[not.]op.value` for one column. */
export function parseCondition(column: string, expression: string): Condition {
  let rest = expression;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) throw parseError(`"${expression}" is not a filter such as eq.value`, `column ${column}`);
  const operator = rest.slice(0, dot);
  const raw = rest.slice(dot + 1);
  if (!(filterOperators as readonly string[]).includes(operator)) {
    throw parseError(`Unknown filter operator "${operator}"`, `Supported: ${filterOperators.join(', ')}`);
  }
  const op = operator as FilterOperator;
  if (op === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(raw.toLowerCase())) {
    throw parseError(`"is" accepts null, not_null, true, false or unknown, not "${raw}"`);
  }
  return {
    kind: 'condition',
    column: checkIdentifier(column, 'column'),
    operator: op,
    negated,
    value: op === 'in' ? parseList(raw) : raw,
  };
}

/**
 * How deep a logic value nests, in one pass over it: `groups` counts the parentheses that open an and/or group
 * (the value's own, and each one after 'or' or 'and'), `parentheses` every one outside double quotes (an
 * in.(...) list adds one). Unbalanced input is left to the parser.
 */
export function nestingOf(input: string): { groups: number; parentheses: number } {
  const open: boolean[] = [];
  let groups = 0;
  let deepestGroups = 0;
  let deepest = 0;
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (ch === '\\' && quoted) i++;
    else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') {
      const isGroup = i === 0 || /(?:^|[,(.])(?:and|or)$/.test(input.slice(Math.max(0, i - 5), i));
      open.push(isGroup);
      if (isGroup) deepestGroups = Math.max(deepestGroups, ++groups);
      deepest = Math.max(deepest, open.length);
    } else if (!quoted && ch === ')') {
      if (open.pop()) groups--;
    }
  }
  return { groups: deepestGroups, parentheses: deepest };
}

/** Parses the body of or=(...) / and=(...), refusing nesting past QUERY_LIMITS.logicDepth before recursing. */
export function parseLogic(kind: 'and' | 'or', negated: boolean, raw: string): Logic {
  const nesting = nestingOf(raw);
  // Groups as deep as the limit, and one more level of parentheses for an in.(...) list at the deepest.
  if (nesting.groups > QUERY_LIMITS.logicDepth || nesting.parentheses > QUERY_LIMITS.logicDepth + 1) {
    throw parseError(`"${kind}" nests groups more than ${QUERY_LIMITS.logicDepth} deep`);
  }
  return parseLogicGroup(kind, negated, raw);
}

function parseLogicGroup(kind: 'and' | 'or', negated: boolean, raw: string): Logic {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError(`"${kind}" needs a parenthesised list`, raw);
  const children = splitTopLevel(raw.slice(1, -1)).map((term) => parseLogicTerm(term.trim()));
  return { kind, negated, children };
}

function parseLogicTerm(term: string): FilterNode {
  const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(term);
  if (nested) return parseLogicGroup(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]!);
  const dot = term.indexOf('.');
  if (dot < 0) throw parseError(`"${term}" is not a filter such as column.eq.value`);
  const condition = parseCondition(term.slice(0, dot), term.slice(dot + 1));
  // Inside and/or a value may be double-quoted to carry , . ( ) or :, as PostgREST reads it.
  return typeof condition.value === 'string' ? { ...condition, value: unquote(condition.value) } : condition;
}

export function parseSelect(raw: string | undefined): SelectItem[] | undefined {
  const text = (raw ?? '*').replace(/\s+/g, '');
  if (text === '' || text === '*') return undefined;
  return checkListed(splitTopLevel(text), 'select').map((item) => {
    if (item === '*') throw parseError('Mixing * with other columns is not supported', raw ?? null);
    if (item.includes('(')) throw parseError('Embedded resources are not supported by this server', item);
    const [head, cast] = item.split('::') as [string, string | undefined];
    const colon = head.indexOf(':');
    const alias = colon >= 0 ? head.slice(0, colon) : head;
    const column = colon >= 0 ? head.slice(colon + 1) : head;
    if (cast !== undefined && !castType.test(cast)) throw parseError(`"${cast}" is not a valid cast`);
    return { column: checkIdentifier(column, 'column'), alias: checkIdentifier(alias, 'alias'), cast };
  });
}

function parseOrder(raw: string): OrderTerm[] {
  return checkListed(raw.split(','), 'order').map((term) => {
    const [column, ...modifiers] = term.trim().split('.');
    let descending = false;
    let nulls: OrderTerm['nulls'];
    for (const modifier of modifiers) {
      if (modifier === 'asc') descending = false;
      else if (modifier === 'desc') descending = true;
      else if (modifier === 'nullsfirst') nulls = 'first';
      else if (modifier === 'nullslast') nulls = 'last';
      else throw parseError(`Unknown order modifier "${modifier}"`, term);
    }
    return { column: checkIdentifier(column ?? '', 'column'), descending, nulls };
  });
}

function parseCount(raw: string, name: string): number {
  if (!/^\d+$/.test(raw)) throw parseError(`"${name}" must be a non-negative whole number`, raw);
  return Number(raw);
}

function parseColumnList(raw: string): string[] {
  return checkListed(raw.split(','), 'column list').map((c) => checkIdentifier(unquote(c.trim()), 'column'));
}

function checkListed<T>(items: T[], what: string): T[] {
  if (items.length > QUERY_LIMITS.listedColumns) {
    throw parseError(`"${what}" names at most ${QUERY_LIMITS.listedColumns} columns, not ${items.length}`);
  }
  return items;
}

/** The conditions of a filter tree (each leaf counts once). */
function conditionCount(node: FilterNode): number {
  return node.kind === 'condition' ? 1 : node.children.reduce((sum, child) => sum + conditionCount(child), 0);
}

/** The raw query string of a URL, refused past QUERY_LIMITS.queryLength before anything reads it. */
export function queryStringOf(url: string): URLSearchParams {
  const index = url.indexOf('?');
  const query = index >= 0 ? url.slice(index + 1) : '';
  if (query.length > QUERY_LIMITS.queryLength) {
    throw parseError(`The query string is longer than ${QUERY_LIMITS.queryLength} characters`);
  }
  return new URLSearchParams(query);
}

/** Reads PostgREST's query string: select, filters, logic trees, order, limit, offset, on_conflict, columns. */
export function parseQuery(params: URLSearchParams): ReadQuery {
  const filters: FilterNode[] = [];
  let order: OrderTerm[] = [];
  let limit: number | undefined;
  let offset: number | undefined;
  let onConflict: string[] | undefined;
  let columns: string[] | undefined;
  for (const [key, value] of params) {
    if (key === 'select') continue;
    if (key === 'order') order = parseOrder(value);
    else if (key === 'limit') limit = parseCount(value, 'limit');
    else if (key === 'offset') offset = parseCount(value, 'offset');
    else if (key === 'on_conflict') onConflict = parseColumnList(value);
    else if (key === 'columns') columns = parseColumnList(value);
    else if (key === 'or' || key === 'and') filters.push(parseLogic(key, false, value));
    else if (key === 'not.or' || key === 'not.and')
      filters.push(parseLogic(key === 'not.or' ? 'or' : 'and', true, value));
    else if (!reserved.has(key)) filters.push(parseCondition(key, value));
  }
  const conditions = filters.reduce((sum, node) => sum + conditionCount(node), 0);
  if (conditions > QUERY_LIMITS.conditions) {
    throw parseError(`A request may filter on at most ${QUERY_LIMITS.conditions} conditions, not ${conditions}`);
  }
  return { select: parseSelect(params.get('select') ?? undefined), filters, order, limit, offset, onConflict, columns };
}
