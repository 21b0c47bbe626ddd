import { describe, expect, it } from 'vitest';
import { inlineParameters, sqlLiteral } from './database.ts';

describe('sqlLiteral', () => {
  it('quotes and doubles single quotes', () => {
    expect(sqlLiteral("o'brien@example.com")).toBe("'o''brien@example.com'");
    expect(sqlLiteral("'); drop table applications; --")).toBe("'''); drop table applications; --'");
    expect(sqlLiteral('back\\slash')).toBe("'back\\slash'");
  });

  it('refuses NUL, which Postgres text cannot hold', () => {
    expect(() => sqlLiteral('a\0b')).toThrow();
  });
});

describe('inlineParameters', () => {
  it('writes each placeholder as a literal, in one pass', () => {
    expect(inlineParameters('select $1, $2, $10', ['a', "o'x", null, 4, 5, 6, 7, 8, 9, { k: "$1'" }])).toBe(
      `select 'a', 'o''x', '{"k":"$1''"}'`,
    );
    expect(inlineParameters('select $1::int, $2', [42, true])).toBe("select '42'::int, 'true'");
    expect(inlineParameters('select $1', [undefined])).toBe('select null');
  });

  it('refuses a placeholder without a value', () => {
    expect(() => inlineParameters('select $2', ['only one'])).toThrow();
  });
});
