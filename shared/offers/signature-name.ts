/**
 * The full name an applicant types to accept an offer is their signature, stored with the acceptance: it must be
 * the name on their application, so that a typo, a nickname alone or someone else's name does not sign for them.
 * Letter case, accents, punctuation and the order of the words aside ('maria lopez-garcia' signs for María
 * López-Garcia, 'Lopez Garcia, Maria' too), and with more words allowed (a middle name, 'Jr.'): every word of the
 * first and last names on the application must be in it.
 */

/** Whose name signs: the first and last names on the application. */
export type Signer = { first_name: string; last_name: string };

/** A name's words, lower-cased, without accents, apostrophes or other punctuation: "D'Arcy-Lee" → ['darcy', 'lee']. */
function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['‘’`]/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** Whether `typed` is the applicant's full name as on the application, as above. */
export function signsAsApplicant(typed: string, applicant: Signer): boolean {
  const typedWords = new Set(nameWords(typed));
  const needed = [...nameWords(applicant.first_name), ...nameWords(applicant.last_name)];
  return needed.length > 0 && needed.every((word) => typedWords.has(word));
}

/** What a name that does not sign for the applicant is told, with the name to type. */
export function signatureNameMessage(applicant: Signer): string {
  return `Type your full name as it is on your application: ${applicant.first_name.trim()} ${applicant.last_name.trim()}`;
}
