import { describe, expect, it } from 'vitest';
import { brand } from '../../../shared/brand/brand.ts';
import { applicationChangeEmail, NOTIFIED_KINDS } from './applicant-events.ts';

describe('the e-mail an applicant gets when their application changes', () => {
  const change = {
    kind: 'approved',
    reason: 'Strong <cash> flow & history',
    subject: null,
    email: 'maria@example.com',
    firstName: 'Maria',
    businessName: 'Lopez & Sons Bakery',
    hasAccount: false,
  } as const;

  it('links the client portal in its HTML part, and names it in its text part', () => {
    const mail = applicationChangeEmail(change, 'https://loans.example');
    const followUp =
      'You can follow every step in your client portal (if you have no account yet, create it there with this e-mail address):';
    expect(mail.html).toContain(
      `<p>${followUp} <a href="https://loans.example/portal">https://loans.example/portal</a></p>`,
    );
    expect(mail.text).toContain(`${followUp} https://loans.example/portal`);
  });

  it('does not ask an applicant whose application is in their account to create one', () => {
    const mail = applicationChangeEmail({ ...change, hasAccount: true }, 'https://loans.example');
    expect(mail.text).toContain('You can follow every step in your client portal: https://loans.example/portal');
    expect(mail.text).not.toContain('create');
  });

  it('keeps every other line as escaped text, in order', () => {
    const mail = applicationChangeEmail(change, 'https://loans.example');
    const paragraphs = [...mail.html.matchAll(/<p>(.*?)<\/p>/g)].map((match) => match[1]);
    expect(paragraphs[0]).toBe('Hi Maria,');
    expect(paragraphs[1]).toContain('Lopez &amp; Sons Bakery');
    expect(paragraphs[2]).toBe('Your loan officer&#39;s note: Strong &lt;cash&gt; flow &amp; history');
    expect(paragraphs[3]).toContain('What this means: Loan Match is not a lender, so this is not a loan yet.');
    expect(paragraphs).toHaveLength(6);
    expect(mail.text.split('\n\n')).toHaveLength(6);
  });

  it('says what comes next after a decision: an approval is not a loan yet; a decline can be talked about', () => {
    const approved = applicationChangeEmail(change, 'https://loans.example').text;
    expect(approved).toContain('this is not a loan yet');
    expect(approved).toContain('asks your approval before your loan package goes to any of them');
    const declined = applicationChangeEmail({ ...change, kind: 'rejected', reason: null }, 'https://loans.example');
    expect(declined.text).toContain('you can apply again whenever your situation changes');
    const lender = applicationChangeEmail({ ...change, kind: 'package_sent' }, 'https://loans.example');
    expect(lender.text).not.toContain('What this means');
  });

  it('keeps the line breaks of the officer’s note in its HTML part', () => {
    const mail = applicationChangeEmail({ ...change, reason: 'First line <b>\nSecond line' }, 'https://loans.example');
    expect(mail.html).toContain('<p>Your loan officer&#39;s note: First line &lt;b&gt;<br>Second line</p>');
    expect(mail.text).toContain("Your loan officer's note: First line <b>\nSecond line");
  });

  it.each(NOTIFIED_KINDS)(
    "says what happened in the subject of a '%s' e-mail, after the product's name alone",
    (kind) => {
      const { subject } = applicationChangeEmail({ ...change, kind }, 'https://loans.example');
      expect(subject.startsWith(`${brand.productName}: `)).toBe(true);
      // One colon: 'Loan Match: Good news, your application has been approved', never 'Loan Match: Good news: ...'.
      expect(subject.match(/:/g)).toHaveLength(1);
    },
  );

  it('tells of a lender’s offer and of the loan’s closing, each in its own words', () => {
    const told = (kind: (typeof NOTIFIED_KINDS)[number], reason: string | null = null) =>
      applicationChangeEmail({ ...change, kind, reason, subject: 'Sierra Bank' }, 'https://loans.example');
    expect(told('offer_made').subject).toBe(`${brand.productName}: A lender made you an offer`);
    expect(told('offer_made').text).toContain('Sierra Bank made an offer for the loan of Lopez & Sons Bakery.');
    expect(told('offer_made').text).toContain('nothing is agreed until you accept');
    expect(told('offer_revised').text).toContain('Sierra Bank changed the terms of its offer');
    expect(told('offer_withdrawn').text).toContain('Sierra Bank withdrew its offer');
    expect(told('loan_in_closing').subject).toBe(`${brand.productName}: Your loan is in closing`);
    expect(told('loan_funded').text).toContain('The loan of Lopez & Sons Bakery is funded.');
    const notClosed = told('loan_did_not_close', 'The appraisal came in low.');
    expect(notClosed.text).toContain('did not close.');
    expect(notClosed.text).toContain('The reason given: The appraisal came in low.');
  });
});
