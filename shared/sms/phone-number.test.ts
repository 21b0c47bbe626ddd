import { describe, expect, it } from 'vitest';
import { formatTypedUsPhone, formatUsPhone } from './phone-format.ts';
import { PHONE_MESSAGES } from './phone-format.ts';
import { normalizeUsMobile } from './phone-number.ts';

const refused = (message: string) => ({ ok: false, message });

describe('a US mobile number as people type it', () => {
  it.each([
    '(208) 555-0134',
    '208-555-0134',
    '+1 208 555 0134',
    '2085550134',
    '1 (208) 555-0134',
    '  208.555.0134 ',
    '+1-208-555-0134',
    '(208)5550134',
    // A dash pasted from a word processor.
    '(208) 555\u20130134',
  ])('%s is +12085550134', (typed) => {
    expect(normalizeUsMobile(typed)).toEqual({ ok: true, e164: '+12085550134' });
  });

  it('accepts the whole fictional 555-0100..0199 range the product uses in its examples', () => {
    // libphonenumber reads these as ordinary FIXED_LINE_OR_MOBILE numbers; if its metadata ever set the range
    // apart, the product's own example would be refused on the form.
    for (const line of ['0100', '0134', '0199']) {
      expect(normalizeUsMobile(`(208) 555-${line}`)).toEqual({ ok: true, e164: `+1208555${line}` });
    }
  });

  it('accepts numbers of other area codes and of the US territories', () => {
    expect(normalizeUsMobile('(212) 555-0123')).toEqual({ ok: true, e164: '+12125550123' });
    expect(normalizeUsMobile('(787) 555-0134')).toEqual({ ok: true, e164: '+17875550134' });
    expect(normalizeUsMobile('(671) 555-0134')).toEqual({ ok: true, e164: '+16715550134' });
  });

  it('asks for a number when the field is empty', () => {
    expect(normalizeUsMobile('')).toEqual(refused(PHONE_MESSAGES.empty));
    expect(normalizeUsMobile('   ')).toEqual(refused(PHONE_MESSAGES.empty));
  });

  it.each([
    ['nine digits', '208555013'],
    ['eleven digits', '20855501345'],
    ['an area code that does not exist', '(122) 555-0134'],
    ['an unassigned area code', '(456) 234-5678'],
    ['a UK number', '+44 20 7946 0958'],
    ['a Mexican number', '+52 55 1234 5678'],
    ['a Canadian number (same +1, another country)', '(416) 234-5678'],
    ['letters', 'abc'],
    ['words after the number', '208 555 0134 after 5pm'],
  ])('refuses %s', (_, typed) => {
    expect(normalizeUsMobile(typed)).toEqual(refused(PHONE_MESSAGES.invalid));
  });

  it.each([
    ['a toll-free number', '(800) 555-0199'],
    ['another toll-free prefix', '(844) 234-5678'],
    ['a premium-rate number', '(900) 200-1234'],
    ['a personal (follow-me) number', '(500) 555-1234'],
    ['a landline of American Samoa, which lists landlines apart', '(684) 633-1234'],
    ['an office line with an extension', '(208) 555-0134 ext. 5'],
    ['an extension written with x', '(208) 555-0134 x12'],
  ])('refuses %s as unable to receive texts', (_, typed) => {
    expect(normalizeUsMobile(typed)).toEqual(refused(PHONE_MESSAGES.cannotText));
  });

  it('explains each refusal in short US English, with an example that the field accepts', () => {
    expect(PHONE_MESSAGES).toEqual({
      empty: 'Please enter your mobile number',
      invalid: 'Please enter a valid US mobile number, for example (208) 555-0134',
      cannotText: 'This number cannot receive text messages: please enter a mobile number',
    });
    const example = /\(\d{3}\) \d{3}-\d{4}/.exec(PHONE_MESSAGES.invalid)![0];
    expect(normalizeUsMobile(example).ok).toBe(true);
  });

  it('gives a number back in the form it accepts', () => {
    const first = normalizeUsMobile('(208) 555-0134');
    expect(first.ok && normalizeUsMobile(first.e164)).toEqual(first);
  });
});

describe('a number shown to a person', () => {
  it('is written as Americans write it', () => {
    expect(formatUsPhone('+12085550134')).toBe('(208) 555-0134');
    expect(formatUsPhone('+17875550134')).toBe('(787) 555-0134');
  });

  it('reads back to the same number', () => {
    expect(normalizeUsMobile(formatUsPhone('+12085550134'))).toEqual({ ok: true, e164: '+12085550134' });
  });

  it('is left as stored when it is not a +1 number of ten digits', () => {
    expect(formatUsPhone('+442079460958')).toBe('+442079460958');
    expect(formatUsPhone('2085550134')).toBe('2085550134');
    expect(formatUsPhone('')).toBe('');
  });
});

describe('a number as someone typed it, shown to an officer', () => {
  it('is written as Americans write it when it is a US number of ten digits', () => {
    for (const typed of ['2085550134', ' 208.555.0134 ', '+1 208-555-0134', '1 (208) 555 0134', '(208) 555-0134']) {
      expect(formatTypedUsPhone(typed)).toBe('(208) 555-0134');
    }
  });

  it('is left as typed when it says more or other than a US number', () => {
    for (const typed of ['208-555-0134 ext 12', 'call 2085550134', '+44 20 7946 0958', '555-0134', '']) {
      expect(formatTypedUsPhone(typed)).toBe(typed.trim());
    }
  });
});
