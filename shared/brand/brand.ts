/**
 * Brand and business constants, in one place. The contact values and the scheduling address are
 * PLACEHOLDERS (example.com addresses, a 555 phone number) that an operator replaces with real ones
 * before going live.
 */
export const brand = {
  productName: 'Loan Match',
  /** PLACEHOLDER: the operator's real phone number. */
  contactPhone: '(555) 010-4200',
  /** PLACEHOLDER: the operator's real general-enquiries address. */
  contactEmail: 'hello@example.com',
  /** PLACEHOLDER: the operator's real loan-team address (applications, documents, admin notifications). */
  loansEmail: 'loans@example.com',
  businessHours: 'Mon-Fri 9:00 am - 5 PM EST',
  /** PLACEHOLDER: the operator's real consultation booking page (opens in a new tab). */
  schedulingUrl: 'https://scheduling.example.com/loan-match/consultation',
} as const;

/** Marketing claims shown on the public pages (docs/product.md §1). */
export const marketingClaims = {
  maxFinancing: 5_000_000,
  facilitatedDollars: 250_000_000,
  successfulMatches: 500,
  lendingPartners: 50,
  fasterThanAverage: 3,
  servingSince: 2020,
  quickFormMinutes: 10,
} as const;

/** SBA 7(a) program limits as the product presents them. */
export const sba7a = { maxAmount: 5_000_000, maxTermYears: 25 } as const;

/** Legal constants of the Terms of Use and Privacy Policy. */
export const legal = {
  lastUpdated: 'January 13, 2025',
  minimumAge: 18,
  termsChangeNoticeDays: 30,
  governingLawState: 'Nevada',
  privacyContactHours: 'Monday-Friday 9-5 EST',
} as const;

/** Length of the free consultation, in minutes. */
export const CONSULTATION_MINUTES = 30;

/** A tel: link for a US display phone number. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`;
}
