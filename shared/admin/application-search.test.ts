import { describe, expect, it } from 'vitest';
import { containsPattern, postgrestSearchFilters, SEARCH_WORDS_MAX, searchWords } from './application-search.ts';

describe('the officer’s search', () => {
  it('is the words typed, separated by white space, commas or *', () => {
    expect(searchWords('  Dana   Reyes ')).toEqual(['Dana', 'Reyes']);
    expect(searchWords('Reyes, Dana')).toEqual(['Reyes', 'Dana']);
    expect(searchWords('Comma,Co')).toEqual(['Comma', 'Co']);
    expect(searchWords('Back\\Slash*100%')).toEqual(['Back\\Slash', '100%']);
    expect(searchWords(' \t* ')).toEqual([]);
    expect(searchWords('a '.repeat(40))).toHaveLength(SEARCH_WORDS_MAX);
  });

  it('takes \\, % and _ literally in its LIKE patterns', () => {
    expect(containsPattern('100%_off\\x', '%')).toBe('%100\\%\\_off\\\\x%');
    expect(containsPattern('dana', '*')).toBe('*dana*');
  });

  it('is one quoted or=(...) filter per word for PostgREST', () => {
    // In the applications' search_text: the searched columns in one text.
    expect(postgrestSearchFilters('(Smith) "Jo"')).toEqual([
      'search_text.ilike."*(Smith)*"',
      'search_text.ilike."*\\"Jo\\"*"',
    ]);
    expect(postgrestSearchFilters('5%')).toEqual(['search_text.ilike."*5\\\\%*"']);
    expect(postgrestSearchFilters('')).toEqual([]);
  });

  it('looks in the columns it is given, when given some', () => {
    expect(postgrestSearchFilters('Dana Reyes', ['contact_name', 'city'])).toEqual([
      'contact_name.ilike."*Dana*",city.ilike."*Dana*"',
      'contact_name.ilike."*Reyes*",city.ilike."*Reyes*"',
    ]);
  });
});
