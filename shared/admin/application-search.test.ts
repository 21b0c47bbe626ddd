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

  it('leaves sentence punctuation, brackets and quotation marks off the ends of its words', () => {
    expect(searchWords('Ann Lee. (Partners) "Quoted" “Curly”? dana@lopez.com.')).toEqual([
      'Ann',
      'Lee',
      'Partners',
      'Quoted',
      'Curly',
      'dana@lopez.com',
    ]);
    // Inside a word, and a word of nothing else, they stay or go whole.
    expect(searchWords('St.Paul ... O’Neil A&B')).toEqual(['St.Paul', 'O’Neil', 'A&B']);
  });

  it('takes \\, % and _ literally in its LIKE patterns', () => {
    expect(containsPattern('100%_off\\x', '%')).toBe('%100\\%\\_off\\\\x%');
    expect(containsPattern('dana', '*')).toBe('*dana*');
  });

  it('takes an apostrophe, straight or curly, as any one character', () => {
    for (const word of ["joe's", 'joe’s', 'joe‘s', 'joe`s']) expect(containsPattern(word, '%')).toBe('%joe_s%');
  });

  it('is one quoted or=(...) filter per word for PostgREST', () => {
    // In the applications' search_text: the searched columns in one text.
    expect(postgrestSearchFilters('Sm(it)h J"o')).toEqual([
      'search_text.ilike."*Sm(it)h*"',
      'search_text.ilike."*J\\"o*"',
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
