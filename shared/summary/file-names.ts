/** File names and short ids of the admin's generated documents (docs/product.md §2, Admin dashboard, and §3). */

/** Latin letters that are not a base letter and an accent, so that NFKD leaves them whole: their ASCII spelling. */
const ASCII_SPELLING: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};

/**
 * 'Acme Coffee & Co.' gives 'acme-coffee-co': lower-case ASCII letters and digits joined by single hyphens;
 * accented letters lose their accent ('Café' gives 'cafe'), and ø, æ, ß and the like are spelled out.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[øæœßđðþłı]/g, (letter) => ASCII_SPELLING[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The longest business-name part of a file name: any name then fits the 255 bytes file systems allow. */
const MAX_FILE_SLUG = 80;

/** A business name's slug for a file name: 'business' without letters or digits, cut at a hyphen past 80. */
function fileSlug(businessName: string): string {
  const slug = slugify(businessName);
  if (slug === '') return 'business';
  if (slug.length <= MAX_FILE_SLUG) return slug;
  const cut = slug.slice(0, MAX_FILE_SLUG + 1);
  const hyphen = cut.lastIndexOf('-');
  return hyphen > 0 ? cut.slice(0, hyphen) : cut.slice(0, MAX_FILE_SLUG);
}

/** pre-application-letter-{business-name-slug}.pdf */
export function preApplicationLetterFileName(businessName: string): string {
  return `pre-application-letter-${fileSlug(businessName)}.pdf`;
}

/** loan-package-{id}.txt */
export function loanPackageFileName(packageId: string): string {
  return `loan-package-${packageId}.txt`;
}

/** The number a bank package is shown by: the first 8 characters of its id. */
export function bankPackageNumber(packageId: string): string {
  return packageId.slice(0, 8);
}

/**
 * term-sheet-{business-name-slug}.pdf (the original description names no file for it; this follows the letter's
 * pattern).
 */
export function termSheetFileName(businessName: string): string {
  return `term-sheet-${fileSlug(businessName)}.pdf`;
}
