/**
 * The officer's search in the Applications tab, the same in the web build (the database answers) and in the
 * desktop app's offline cache (SQLite answers): the words typed, each of which must appear, letter case
 * aside, in the business name, the first or last name or the e-mail. So 'Dana Reyes' finds Dana Reyes (her
 * first and last names are two columns), and 'Smith Jones' finds 'Smith, Jones (Partners)'. Every character but
 * the separators is taken literally, '%' and '_' included, but two kinds people type without meaning them:
 * - an apostrophe is any one character, so that "Joe's" finds "Joe’s" (a phone's keyboard types the curly one,
 *   most others the straight one, and a name is stored as its applicant typed it);
 * - the punctuation that ends a sentence or wraps a word ('Lee.', '(Partners)', '"Quoted"') is left off a word's
 *   ends: copied from an e-mail or a note, it would find only what has the same punctuation.
 *
 * Words are separated by white space, by commas ('Reyes, Dana' finds her too) and by '*', which PostgREST reads
 * as a wildcard in any pattern. Words past the tenth are not looked for (each word is four conditions in the
 * request's address, which has a size limit).
 */
export const SEARCH_WORDS_MAX = 10;

/**
 * The most characters the search field takes. Longer text would only make the request's address too long for
 * the server (HTTP 431) and match nothing an officer would look for.
 */
export const SEARCH_MAX_LENGTH = 200;

/** What is left off the ends of a word: sentence punctuation, brackets and quotation marks. */
const WRAPPING = /^[.;:!?()[\]{}"“”]+|[.;:!?()[\]{}"“”]+$/gu;

export function searchWords(search: string): string[] {
  return search
    .split(/[\s,*]+/u)
    .map((word) => word.replace(WRAPPING, ''))
    .filter((word) => word !== '')
    .slice(0, SEARCH_WORDS_MAX);
}

/** The columns every word of a search is looked for in. */
export const searchedColumns = ['business_name', 'first_name', 'last_name', 'email'] as const;

/**
 * The applications' searched columns in one text, one per line: the database's computed field search_text (one
 * ILIKE per word rather than four) and the desktop cache's search_text column. A word holds no white space, so
 * it is found in this text exactly when it is found in one of the columns.
 */
const SEARCH_TEXT = 'search_text';

/**
 * A LIKE pattern that finds the word anywhere, its '\', '%' and '_' taken literally (LIKE's escape is '\'), and
 * each apostrophe, straight or curly, as LIKE's one character ('_').
 */
export function containsPattern(word: string, wildcard: '%' | '*'): string {
  const literal = word.replace(/[\\%_]/g, (character) => `\\${character}`);
  return `${wildcard}${literal.replace(/['‘’`]/gu, '_')}${wildcard}`;
}

/**
 * PostgREST's or=(...) filters of a search, one per word (PostgREST and server/ both AND repeated filters).
 * Each pattern is double-quoted, with '\' and '"' escaped, so that ',', '(', ')' and ':' in a word are text.
 * The applications' search_text unless other columns are given (the Registrations tab searches its own).
 */
export function postgrestSearchFilters(search: string, columns: readonly string[] = [SEARCH_TEXT]): string[] {
  return searchWords(search).map((word) => {
    const quoted = `"${containsPattern(word, '*').replace(/[\\"]/g, (character) => `\\${character}`)}"`;
    return columns.map((column) => `${column}.ilike.${quoted}`).join(',');
  });
}
