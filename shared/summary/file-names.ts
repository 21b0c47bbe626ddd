/** File names and short ids of the admin's generated documents (spec sections 2 and 7). */

/** 'Acme Coffee & Co.' gives 'acme-coffee-co': lower-case ASCII letters and digits joined by single hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** pre-application-letter-{business-name-slug}.pdf ('business' when the name has no letters or digits). */
export function preApplicationLetterFileName(businessName: string): string {
  return `pre-application-letter-${slugify(businessName) || 'business'}.pdf`;
}

/** loan-package-{id}.txt */
export function loanPackageFileName(packageId: string): string {
  return `loan-package-${packageId}.txt`;
}

/** The number a bank package is shown by: the first 8 characters of its id. */
export function bankPackageNumber(packageId: string): string {
  return packageId.slice(0, 8);
}

/** term-sheet-{business-name-slug}.pdf (the spec names no file for it; this follows the letter's pattern). */
export function termSheetFileName(businessName: string): string {
  return `term-sheet-${slugify(businessName) || 'business'}.pdf`;
}
