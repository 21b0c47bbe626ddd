// Apart from phone-number.ts, which brings the phone library: the portal shows stored numbers, and the application
// form says a number is missing, without loading it.

/** What the number fields say of a number that cannot take texts (phone-number.ts decides which applies). */
export const PHONE_MESSAGES = {
  empty: 'Please enter your mobile number',
  invalid: 'Please enter a valid US mobile number, for example (208) 555-0134',
  cannotText: 'This number cannot receive text messages: please enter a mobile number',
} as const;

/**
 * A +1 number in E.164 as Americans write it: '+12085550134' gives '(208) 555-0134'. Anything else is given
 * back unchanged, so a stored value in an unexpected form still shows rather than breaking a page.
 */
export function formatUsPhone(e164: string): string {
  const digits = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return digits ? `(${digits[1]}) ${digits[2]}-${digits[3]}` : e164;
}

/**
 * A number as someone typed it ('2085550134', '208.555.0134', '+1 208-555-0134'), written as Americans read it,
 * '(208) 555-0134', when it is ten digits (after a leading 1) and nothing but digits, spaces and ( ) + - .
 * Anything else (an extension, a word, another country's number) is given back as typed, trimmed.
 */
export function formatTypedUsPhone(typed: string): string {
  const text = typed.trim();
  if (!/^[\d\s().+-]*$/.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? formatUsPhone(`+1${national}`) : text;
}
