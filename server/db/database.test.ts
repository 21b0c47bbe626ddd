import { describe, expect, it } from 'vitest';
import { sqlLiteral } from './database.ts';

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
