/**
 * Brand and contact constants. The contact values are placeholders (example.com addresses and a 555
 * number) that an operator replaces with real ones before going live.
 */
export const brand = {
  productName: 'Loan Match',
  /** PLACEHOLDER: replace with the operator's real phone number. */
  contactPhone: '(555) 010-4200',
  /** PLACEHOLDER: replace with the operator's real general-enquiries address. */
  contactEmail: 'hello@example.com',
  /** PLACEHOLDER: replace with the operator's real loan-team address. */
  loansEmail: 'loans@example.com',
  businessHours: 'Mon-Fri 9:00 am - 5 PM EST',
} as const;

/** A tel: link for a display phone number. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`;
}
