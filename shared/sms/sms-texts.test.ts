import { describe, expect, it } from 'vitest';
import { brand } from '../brand/brand.ts';
import { applicationEventKinds } from '../status/timeline.ts';
import { inboundKeyword } from './sms-keywords.ts';
import { SMS_REPLIES, smsConfirmationText, smsKindOfEvent, smsText, type SmsKind } from './sms-texts.ts';

const kinds: SmsKind[] = [
  'approved',
  'rejected',
  'document_requested',
  'document_needs_replacement',
  'lender_answered',
  'offer_made',
  'documents_reminder',
];

const url = 'https://portal.example.com/p';
/** The longest URL the texts must fit with. */
const longUrl = `https://portal.example.com/${'a'.repeat(100 - 'https://portal.example.com/'.length)}`;

describe('the text of an event', () => {
  it('names the product, greets by first name, says what happened and links the portal', () => {
    expect(smsText('approved', 'Dana', url, { first: false })).toBe(
      'Loan Match: Hi Dana, your loan application was approved. Open your portal: https://portal.example.com/p',
    );
    expect(smsText('offer_made', 'Dana', url, { first: false })).toBe(
      'Loan Match: Hi Dana, you have a new loan offer. Open your portal: https://portal.example.com/p',
    );
  });

  it.each(kinds)('%s starts with the product name and ends with the portal link', (kind) => {
    const text = smsText(kind, 'Dana', url, { first: false });
    expect(text.startsWith(`${brand.productName}: Hi Dana, `)).toBe(true);
    expect(text.endsWith(`Open your portal: ${url}`)).toBe(true);
  });

  it('says something different for each kind', () => {
    const texts = kinds.map((kind) => smsText(kind, 'Dana', url, { first: false }));
    expect(new Set(texts).size).toBe(kinds.length);
  });

  it('says only that there is an update on a declined application', () => {
    expect(smsText('rejected', 'Dana', url, { first: false })).toBe(
      'Loan Match: Hi Dana, there is an update on your loan application. Open your portal: https://portal.example.com/p',
    );
  });

  it.each(kinds)('%s has no amount, no number and no word of a decline', (kind) => {
    const sentence = smsText(kind, 'Dana', url, { first: false }).replace(url, '');
    expect(sentence).not.toMatch(/[$\d%]/);
    expect(sentence).not.toMatch(/declin|reject|denied|reason|because/i);
  });

  it.each([
    ['  Dana  ', 'Hi Dana,'],
    ['Dana Lee', 'Hi Dana,'],
    ['Mary\tAnn', 'Hi Mary,'],
    ['Dana\nEVIL TEXT', 'Hi Dana,'],
    ['José', 'Hi José,'],
    ['Maximiliana-Josephina-Augusta', 'Hi Maximiliana-Josephin,'],
    ['', 'Hi,'],
    ['   ', 'Hi,'],
  ])('greets %j as %j', (firstName, hello) => {
    expect(smsText('approved', firstName, url, { first: false })).toBe(
      `Loan Match: ${hello} your loan application was approved. Open your portal: ${url}`,
    );
  });

  it('cuts a long name by characters, never inside one', () => {
    const name = '😀'.repeat(25);
    expect(smsText('approved', name, url, { first: false })).toContain(`Hi ${'😀'.repeat(20)},`);
  });

  it('tells how to opt out and get help in the first text only', () => {
    expect(smsText('approved', 'Dana', url, { first: true })).toBe(
      'Loan Match: Hi Dana, your loan application was approved. Open your portal: https://portal.example.com/p Reply STOP to opt out, HELP for help.',
    );
    expect(smsText('approved', 'Dana', url, { first: false })).not.toContain('STOP');
  });

  it('keeps every text under 320 characters with a 100-character link and a 20-character name', () => {
    expect(longUrl).toHaveLength(100);
    for (const kind of kinds) {
      const text = smsText(kind, 'Bartholomew-Alexandra Smith', longUrl, { first: true });
      expect(text).toContain('Hi Bartholomew-Alexandr,');
      expect(text.length, kind).toBeLessThan(320);
    }
  });
});

describe('the replies to keywords', () => {
  it('answers HELP with what the texts are, the portal and how to stop', () => {
    expect(SMS_REPLIES.help(url)).toBe(
      'Loan Match: loan application updates. Open https://portal.example.com/p or reply STOP to opt out. Msg & data rates may apply.',
    );
  });

  it('answers STOP and START', () => {
    expect(SMS_REPLIES.stop).toBe('You will get no more texts from Loan Match. Reply START to get them again.');
    expect(SMS_REPLIES.start).toBe('Loan Match: texts are on. Reply STOP to opt out, HELP for help.');
  });

  it.each([
    ['the STOP reply', SMS_REPLIES.stop, 'START', 'start'],
    ['the START reply', SMS_REPLIES.start, 'STOP', 'stop'],
    ['the START reply', SMS_REPLIES.start, 'HELP', 'help'],
    ['the HELP reply', SMS_REPLIES.help(url), 'STOP', 'stop'],
    ['a first text', smsText('approved', 'Dana', url, { first: true }), 'STOP', 'stop'],
    ['a first text', smsText('approved', 'Dana', url, { first: true }), 'HELP', 'help'],
    ['the request to confirm a number', smsConfirmationText(), 'YES', 'start'],
    ['the request to confirm a number', smsConfirmationText(), 'STOP', 'stop'],
    ['the request to confirm a number', smsConfirmationText(), 'HELP', 'help'],
  ])('%s offers %s, a reply read as %s', (_, text, word, keyword) => {
    expect(text).toContain(word);
    expect(inboundKeyword(word)).toBe(keyword);
  });

  it('asks a number to confirm with neither a name nor a link, in one text', () => {
    expect(smsConfirmationText()).toBe(
      'Loan Match: to get texts about your loan application at this number, reply YES. Msg & data rates may apply. Reply STOP to opt out, HELP for help.',
    );
    expect(smsConfirmationText().length).toBeLessThanOrEqual(160);
  });

  it('keeps every reply under 320 characters with a 100-character link', () => {
    for (const reply of [SMS_REPLIES.help(longUrl), SMS_REPLIES.stop, SMS_REPLIES.start]) {
      expect(reply.length).toBeLessThan(320);
    }
  });
});

describe('the text of a timeline event', () => {
  const expected: Record<string, SmsKind> = {
    approved: 'approved',
    rejected: 'rejected',
    document_requested: 'document_requested',
    lender_interested: 'lender_answered',
    lender_need_more_info: 'lender_answered',
    lender_declined: 'lender_answered',
    offer_made: 'offer_made',
    document_needs_replacement: 'document_needs_replacement',
    document_reminder_sent: 'documents_reminder',
  };

  it.each(Object.entries(expected))('%s sends %s', (event, kind) => {
    expect(smsKindOfEvent(event)).toBe(kind);
  });

  it('is none for every other event of the timeline, and for kinds it does not know', () => {
    const others = applicationEventKinds.filter((event) => !(event in expected));
    expect(others).toContain('submitted');
    for (const event of [...others, 'documents_reminder', '', 'APPROVED']) {
      expect(smsKindOfEvent(event), event).toBeNull();
    }
  });

  it('names only events the timeline has', () => {
    for (const event of Object.keys(expected)) expect(applicationEventKinds).toContain(event);
  });
});
