import { describe, expect, it } from 'vitest';
import { PostgrestError } from './errors.ts';
import { nestingOf, parseLogic, parseQuery, parseSelect, QUERY_LIMITS, splitTopLevel } from './query-params.ts';

const parse = (query: string) => parseQuery(new URLSearchParams(query));

function parseFailure(query: string): PostgrestError {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof PostgrestError) return error;
    throw error;
  }
  throw new Error(`expected ${query} to be refused`);
}

describe('parseQuery', () => {
  it('reads select, filters, order, limit and offset as supabase-js sends them', () => {
    const query = parse(
      'select=id,email&status=eq.pending&created_at=gte.2026-01-01&order=created_at.desc.nullslast,id&limit=10&offset=20',
    );
    expect(query.select).toEqual([
      { column: 'id', alias: 'id', cast: undefined },
      { column: 'email', alias: 'email', cast: undefined },
    ]);
    expect(query.filters).toEqual([
      { kind: 'condition', column: 'status', operator: 'eq', negated: false, value: 'pending' },
      { kind: 'condition', column: 'created_at', operator: 'gte', negated: false, value: '2026-01-01' },
    ]);
    expect(query.order).toEqual([
      { column: 'created_at', descending: true, nulls: 'last' },
      { column: 'id', descending: false, nulls: undefined },
    ]);
    expect(query.limit).toBe(10);
    expect(query.offset).toBe(20);
  });

  it('keeps dots inside values', () => {
    expect(parse('email=eq.a.b@c.co').filters[0]).toMatchObject({ operator: 'eq', value: 'a.b@c.co' });
  });

  it('reads negation, is and in lists with quoted items', () => {
    expect(parse('status=not.eq.rejected').filters[0]).toMatchObject({
      negated: true,
      operator: 'eq',
      value: 'rejected',
    });
    expect(parse('decided_at=is.null').filters[0]).toMatchObject({ operator: 'is', value: 'null' });
    expect(parse('state=in.(NV,"a,b",CA)').filters[0]).toMatchObject({ operator: 'in', value: ['NV', 'a,b', 'CA'] });
    expect(parse('state=in.()').filters[0]).toMatchObject({ operator: 'in', value: [] });
  });

  it('reads nested or/and trees', () => {
    const [tree] = parse('or=(email.ilike.*bakery*,and(city.eq.Reno,status.neq.rejected))').filters;
    expect(tree).toEqual({
      kind: 'or',
      negated: false,
      children: [
        { kind: 'condition', column: 'email', operator: 'ilike', negated: false, value: '*bakery*' },
        {
          kind: 'and',
          negated: false,
          children: [
            { kind: 'condition', column: 'city', operator: 'eq', negated: false, value: 'Reno' },
            { kind: 'condition', column: 'status', operator: 'neq', negated: false, value: 'rejected' },
          ],
        },
      ],
    });
  });

  it('reads on_conflict and columns', () => {
    const query = parse('on_conflict=user_id&columns="a","b"');
    expect(query.onConflict).toEqual(['user_id']);
    expect(query.columns).toEqual(['a', 'b']);
  });

  it.each([
    ['status=like', 'PGRST100'],
    ['status=regex.x', 'PGRST100'],
    ['decided_at=is.maybe', 'PGRST100'],
    ['limit=-1', 'PGRST100'],
    ['limit=ten', 'PGRST100'],
    ['order=id.sideways', 'PGRST100'],
    ['or=(a.eq.1', 'PGRST100'],
    ['bad;column=eq.1', 'PGRST100'],
    ['state=in.NV', 'PGRST100'],
  ])('refuses %s with a 400 parse error', (query, code) => {
    const error = parseFailure(query);
    expect(error.code).toBe(code);
    expect(error.status).toBe(400);
  });
});

describe('parseSelect', () => {
  it('treats empty and * as every column', () => {
    expect(parseSelect(undefined)).toBeUndefined();
    expect(parseSelect('*')).toBeUndefined();
    expect(parseSelect(' ')).toBeUndefined();
  });

  it('reads aliases and casts, ignoring whitespace', () => {
    expect(parseSelect('total:loan_amount::text, id')).toEqual([
      { column: 'loan_amount', alias: 'total', cast: 'text' },
      { column: 'id', alias: 'id', cast: undefined },
    ]);
  });

  it('refuses embedded resources, which this server does not support', () => {
    expect(() => parseSelect('id,documents(*)')).toThrow(PostgrestError);
  });
});

describe('quoted values in and/or', () => {
  it('reads a double-quoted value without its quotes (a timestamp with a colon and a plus, a uuid)', () => {
    // As supabase-js sends it: URL-encoded, so the + arrives as %2B.
    const [tree] = parse(
      'or=(updated_at.gt."2026-11-23T03:40:00.123456%2B00:00",and(updated_at.eq."2026-11-23T03:40:00.123456%2B00:00",id.gt."fff531d6-ee1f-47f3-bca5-e363efa1178a"))',
    ).filters;
    expect(tree).toMatchObject({
      kind: 'or',
      children: [
        { column: 'updated_at', operator: 'gt', value: '2026-11-23T03:40:00.123456+00:00' },
        {
          kind: 'and',
          children: [
            { column: 'updated_at', operator: 'eq', value: '2026-11-23T03:40:00.123456+00:00' },
            { column: 'id', operator: 'gt', value: 'fff531d6-ee1f-47f3-bca5-e363efa1178a' },
          ],
        },
      ],
    });
  });
});

describe('splitTopLevel', () => {
  it('splits only outside parentheses and quotes', () => {
    expect(splitTopLevel('a,b(c,d),"e,f"')).toEqual(['a', 'b(c,d)', '"e,f"']);
  });
});

describe('nesting limits', () => {
  const nested = (depth: number, leaf = 'a.eq.1') => `(${'or('.repeat(depth - 1)}${leaf}${')'.repeat(depth - 1)})`;

  it('measures groups and parentheses in one pass, quoted text left out', () => {
    expect(nestingOf(nested(3))).toEqual({ groups: 3, parentheses: 3 });
    expect(nestingOf(nested(2, 'a.in.(1,2)'))).toEqual({ groups: 2, parentheses: 3 });
    expect(nestingOf('(a.eq."((((",not.and(b.eq.1))')).toEqual({ groups: 2, parentheses: 2 });
  });

  it(`takes groups ${QUERY_LIMITS.logicDepth} deep with a list at the deepest, and refuses one more`, () => {
    expect(() => parseLogic('or', false, nested(QUERY_LIMITS.logicDepth, 'a.in.(1,2)'))).not.toThrow();
    expect(() => parseLogic('or', false, nested(QUERY_LIMITS.logicDepth + 1))).toThrow(/deep/);
    expect(() => parseLogic('or', false, nested(4000))).toThrow(/deep/);
  });
});
