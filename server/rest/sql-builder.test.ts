import { describe, expect, it } from 'vitest';
import { PostgrestError } from './errors.ts';
import { parseQuery } from './query-params.ts';
import type { Relation, Routine } from './schema-cache.ts';
import {
  buildCountedSelect,
  buildDelete,
  buildInsert,
  buildRpc,
  buildSelect,
  buildUpdate,
  quoteIdent,
} from './sql-builder.ts';

const applications: Relation = {
  name: 'applications',
  isView: false,
  primaryKey: ['id'],
  columns: new Map(
    ['id', 'email', 'status', 'city', 'created_at'].map((name) => [
      name,
      { name, type: 'text', hasDefault: name === 'id' },
    ]),
  ),
};

const query = (text: string) => parseQuery(new URLSearchParams(text));

describe('SQL builder', () => {
  it('binds every value as a parameter, never in the SQL text', () => {
    const statement = buildSelect(applications, query("email=eq.x'); drop table applications; --&city=in.(A,B)"));
    expect(statement.sql).not.toContain('drop table');
    expect(statement.params).toEqual(["x'); drop table applications; --", 'A', 'B']);
    expect(statement.sql).toContain('_t."email" = $1');
    expect(statement.sql).toContain('_t."city" in ($2, $3)');
  });

  it('turns * wildcards of like/ilike into %', () => {
    const statement = buildSelect(applications, query('email=ilike.*bakery*'));
    expect(statement.params).toEqual(['%bakery%']);
    expect(statement.sql).toContain('ilike $1');
  });

  it("calls a computed field with the row, in order, filters and select; '*' leaves it out", () => {
    const withKey: Relation = { ...applications, computedFields: new Set(['email_key']) };
    const statement = buildSelect(withKey, query('order=email_key.asc,id&email_key=eq.x&select=id,email_key'));
    expect(statement.sql).toContain('order by public."email_key"(_t) asc, _t."id" asc');
    expect(statement.sql).toContain('public."email_key"(_t) = $1');
    expect(statement.sql).toContain('public."email_key"(_t) as "email_key"');
    expect(buildSelect(withKey, query('')).sql).not.toContain('email_key');
  });

  it('counts a page of a table with a one-column key in the same statement, its values bound, and no other', () => {
    const counted = buildCountedSelect(
      applications,
      query("status=eq.x');--&order=created_at.desc.nullsfirst&limit=25&offset=50"),
    );
    expect(counted?.params).toEqual(["x');--"]);
    // The filters once, keeping each match's key and sort value; the page's rows read by key and sorted again.
    expect(counted?.sql).toContain('with _m as materialized (select _t."id" as _k, _t."created_at" as _o0 from');
    expect(counted?.sql).toContain('where _t."status" = $1)');
    expect(counted?.sql).toContain('select _k from _m order by _o0 desc nulls first limit 25 offset 50');
    expect(counted?.sql).toContain('order by _t."created_at" desc nulls first');
    expect(counted?.sql).toContain('(select count(*)::int from _m) as total');
    expect(buildCountedSelect({ ...applications, isView: true }, query(''))).toBeUndefined();
    expect(buildCountedSelect({ ...applications, primaryKey: ['id', 'email'] }, query(''))).toBeUndefined();
    expect(buildCountedSelect({ ...applications, primaryKey: [] }, query(''))).toBeUndefined();
  });

  it('refuses unknown columns with 42703, in filters, order and select', () => {
    for (const text of ['nope=eq.1', 'order=nope.desc', 'select=nope']) {
      expect(() => buildSelect(applications, query(text))).toThrowError(
        expect.objectContaining({ code: '42703', status: 400 }) as Error,
      );
    }
  });

  it('refuses unknown body columns on writes with PGRST204', () => {
    expect(() =>
      buildInsert(applications, [{ email: 'a@b.co', role: 'admin' }], {
        returning: false,
        query: query(''),
        resolution: undefined,
      }),
    ).toThrow(expect.objectContaining({ code: 'PGRST204' }) as Error);
    expect(() => buildUpdate(applications, { role: 'admin' }, { returning: false, query: query('') })).toThrow(
      PostgrestError,
    );
  });

  it('inserts only the columns present, returning rows only on request', () => {
    const minimal = buildInsert(applications, [{ email: 'a@b.co' }, { email: 'c@d.co', city: 'Reno' }], {
      returning: false,
      query: query(''),
      resolution: undefined,
    });
    expect(minimal.sql).toMatch(/^insert into public\."applications" as _t \("email", "city"\)/);
    expect(minimal.sql).not.toContain('returning');
    const represented = buildInsert(applications, [{ email: 'a@b.co' }], {
      returning: true,
      query: query('select=id'),
      resolution: undefined,
    });
    expect(represented.sql).toContain('returning _t.*');
  });

  it('builds the text of an insert once per shape, and still refuses a new shape with an unknown column', () => {
    const insert = (rows: Record<string, unknown>[], text = '', returning = false) =>
      buildInsert(applications, rows, { returning, query: query(text), resolution: undefined });
    const first = insert([{ email: 'a@b.co', city: 'Reno' }]);
    const again = insert([{ email: 'c@d.co', city: 'Elko' }]);
    expect(again.sql).toBe(first.sql);
    expect(again.params).toEqual([JSON.stringify([{ email: 'c@d.co', city: 'Elko' }])]);
    // Other columns, other order, a returned selection: other texts.
    expect(insert([{ city: 'Reno', email: 'a@b.co' }]).sql).toContain('("city", "email")');
    expect(insert([{ email: 'a@b.co', city: 'Reno' }], 'select=id', true).sql).toContain('returning _t.*');
    expect(insert([{ email: 'a@b.co', city: 'Reno' }], 'select=email', true).sql).toContain('as "email"');
    // A key naming two known columns at once is one unknown column, not the cached pair.
    expect(() => insert([{ 'email,city': 'x' }])).toThrow(expect.objectContaining({ code: 'PGRST204' }) as Error);
    expect(() => insert([{ email: 'a@b.co', role: 'admin' }])).toThrow(
      expect.objectContaining({ code: 'PGRST204' }) as Error,
    );
  });

  it('upserts on the primary key unless on_conflict names other columns', () => {
    const merge = buildInsert(applications, [{ id: '1', email: 'a@b.co' }], {
      returning: false,
      query: query(''),
      resolution: 'merge-duplicates',
    });
    expect(merge.sql).toContain('on conflict ("id") do update set "email" = excluded."email"');
    const ignore = buildInsert(applications, [{ id: '1', email: 'a@b.co' }], {
      returning: false,
      query: query('on_conflict=email'),
      resolution: 'ignore-duplicates',
    });
    expect(ignore.sql).toContain('on conflict ("email") do nothing');
  });

  it('updates and deletes only the filtered rows', () => {
    const update = buildUpdate(applications, { status: 'approved' }, { returning: false, query: query('id=eq.7') });
    expect(update.sql).toContain('set "status" = _v."status"');
    expect(update.sql).toContain('where _t."id" = $2');
    const remove = buildDelete(applications, { returning: false, query: query('id=eq.7') });
    expect(remove.sql).toBe('delete from public."applications" as _t where _t."id" = $1');
  });

  it('calls functions with named, typed arguments and refuses unknown ones', () => {
    const routine: Routine = {
      name: 'health',
      args: [{ name: 'detail', type: 'boolean', hasDefault: true }],
      returns: 'scalar',
      volatile: false,
    };
    expect(buildRpc(routine, {}, query('')).sql).toBe('select to_json(public."health"())::text as body, 1 as n');
    expect(buildRpc(routine, { detail: true }, query('')).params).toEqual(['true']);
    expect(() => buildRpc(routine, { other: 1 }, query(''))).toThrow(
      expect.objectContaining({ code: 'PGRST202' }) as Error,
    );
  });

  it('quotes identifiers', () => {
    expect(quoteIdent('we"ird')).toBe('"we""ird"');
  });
});
