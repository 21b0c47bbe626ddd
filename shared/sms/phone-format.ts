// Apart from phone-number.ts, which brings the phone library: the portal shows stored numbers without loading it.

/**
 * A +1 number in E.164 as Americans write it: '+12085550134' gives '(208) 555-0134'. Anything else is given
 * back unchanged, so a stored value in an unexpected form still shows rather than breaking a page.
 */
export function formatUsPhone(e164: string): string {
  const digits = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return digits ? `(${digits[1]}) ${digits[2]}-${digits[3]}` : e164;
}
