/**
 * The mobile number an applicant types for text messages, read into the E.164 form an SMS provider takes
 * ('+12085550134') and shown back as Americans write it ('(208) 555-0134').
 *
 * The 'max' metadata is the one that knows number types (toll-free, premium rate, pager...): the smaller sets
 * only tell whether a number is possible, and a toll-free number is possible but cannot receive a text.
 *
 * Fictional numbers: the product's example (208) 555-0134 is in the 555-0100..0199 range kept for films and
 * examples. libphonenumber's US metadata does not single that range out (it matches any exchange from 200 to 999,
 * 555 included), so it reads such a number as a valid FIXED_LINE_OR_MOBILE number and it is accepted like any
 * other: no special case is needed. A test pins this, so a metadata update that starts refusing the range fails
 * there rather than on the form.
 */
import { parsePhoneNumberFromString, type CountryCode, type NumberType } from 'libphonenumber-js/max';
import { PHONE_MESSAGES } from './phone-format.ts';

/**
 * Where a US mobile number may be. The territories share the +1 code and US carriers, and their businesses are
 * among those that apply (their states have quiet-hour zones too); Canada shares +1 as well but is another
 * country, so a Canadian number is refused as not a US one.
 */
const usRegions: ReadonlySet<CountryCode> = new Set<CountryCode>(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

/**
 * The types a text can reach. Most US numbers are FIXED_LINE_OR_MOBILE (US numbering does not tell a landline
 * from a mobile), and a valid number of no known type is given the benefit of the doubt: only a provider's
 * lookup can tell, and the provider reports a number it cannot deliver to.
 *
 * VOIP is accepted: small-business owners often give a VoIP number (Google Voice, a business phone app) as their
 * mobile, and most of those receive texts. Refusing them would turn away people who can read the texts, while
 * accepting one that cannot only costs a failed delivery the provider reports. (Today's US metadata lists no VoIP
 * range at all; the decision is written down for the day it does.)
 *
 * Everything else is refused: toll-free, premium-rate, shared-cost, personal (follow-me) numbers, pagers, UAN
 * and voicemail access numbers do not take texts, and a FIXED_LINE number (some territories list them apart)
 * is a landline.
 */
const textableTypes: ReadonlySet<NumberType> = new Set<NumberType>([
  'MOBILE',
  'FIXED_LINE_OR_MOBILE',
  'VOIP',
  undefined,
]);

/**
 * A US mobile number as typed ('(208) 555-0134', '208-555-0134', '+1 208 555 0134', '2085550134',
 * '1 (208) 555-0134'), in E.164 ('+12085550134'); or the message to show under the field.
 */
export function normalizeUsMobile(input: string): { ok: true; e164: string } | { ok: false; message: string } {
  if (input.trim() === '') return { ok: false, message: PHONE_MESSAGES.empty };
  // extract: false reads the whole input as the number: by default libphonenumber picks a number out of any
  // text, so '208 555 0134 call after 5' would pass with the words silently dropped.
  const number = parsePhoneNumberFromString(input, { defaultCountry: 'US', extract: false });
  if (!number || !number.country || !usRegions.has(number.country) || !number.isValid()) {
    return { ok: false, message: PHONE_MESSAGES.invalid };
  }
  // A number with an extension is an office line behind a switchboard: a text reaches the switchboard, not
  // the person.
  if (number.ext || !textableTypes.has(number.getType())) return { ok: false, message: PHONE_MESSAGES.cannotText };
  return { ok: true, e164: number.number };
}
