import { describe, expect, it } from 'vitest';
import { brand } from '../../../shared/brand/brand.ts';
import { evaluatePreQualification } from '../../../shared/evaluation/evaluate.ts';
import { sampleForm } from '../../../shared/testing/samples.ts';
import { APPLICATION_OWNERSHIP } from '../../../shared/messages/portal-admin.ts';
import { escapeHtml } from '../_shared/mail.ts';
import { applicantEmail, NAME_SHOWN_MAX, NOT_YOURS_LINE, shownName, teamEmail } from './templates.ts';

describe('the pre-qualification e-mail to the applicant', () => {
  it('makes the scheduling and sign-up addresses links in its HTML part', () => {
    const { qualified, reasons, suggestedNextSteps } = evaluatePreQualification(sampleForm);
    expect(qualified).toBe(true);
    const mail = applicantEmail(
      {
        applicantEmail: 'maria@example.com',
        businessName: 'Lopez <Bakery>',
        firstName: 'Maria',
        lastName: 'Lopez',
        evaluation: { qualified, reasons, suggestedNextSteps },
      },
      'https://loans.example',
    );
    expect(mail.html).toContain(`<a href="${brand.schedulingUrl}">${brand.schedulingUrl}</a>`);
    const signUp = 'https://loans.example/portal/login?mode=signup';
    expect(mail.html).toContain(`<a href="${signUp}">${signUp}</a>`);
    expect(mail.html).toContain('Lopez &lt;Bakery&gt;');
  });
});

describe('the names the applicant’s e-mail shows', () => {
  it('are on one line and at most NAME_SHOWN_MAX characters, whatever was typed', () => {
    const typed = `Maria\n\nYour account is suspended.\r\nVerify it at http://evil.example ${'x'.repeat(200)}`;
    const mail = applicantEmail(
      {
        applicantEmail: 'maria@example.com',
        businessName: `Lopez\nBakery\t\tand Cafe`,
        firstName: typed,
        lastName: 'Lopez',
        evaluation: evaluatePreQualification(sampleForm),
      },
      'https://loans.example',
    );
    const greeting = mail.text.split('\n\n')[0]!;
    expect(greeting).toBe(`Hi ${shownName(typed)},`);
    expect(shownName(typed)).toHaveLength(NAME_SHOWN_MAX);
    expect(shownName(typed)).toMatch(/^Maria Your account is suspended\. Verify it at http:\/\/evil\.example x+…$/);
    expect(mail.subject).toBe('You pre-qualify: next steps for Lopez Bakery and Cafe');
    expect(shownName('  Maria  ')).toBe('Maria');
    expect(shownName('x'.repeat(NAME_SHOWN_MAX))).toBe('x'.repeat(NAME_SHOWN_MAX));
  });
});

describe('someone who gets the e-mail without having filled in the form', () => {
  const payload = (form: typeof sampleForm) => ({
    applicantEmail: 'maria@example.com',
    businessName: 'Lopez Bakery',
    firstName: 'Maria',
    lastName: 'Lopez',
    evaluation: evaluatePreQualification(form),
  });

  it.each([
    ['pre-qualifies', sampleForm, true],
    ['does not pre-qualify', { ...sampleForm, creditScore: 'Below 600' as const }, false],
  ] as const)('is told what to do when the applicant %s, in both parts', (_outcome, form, qualified) => {
    expect(payload(form).evaluation.qualified).toBe(qualified);
    const mail = applicantEmail(payload(form), 'https://loans.example');
    expect(mail.text).toContain(
      "Did not fill in this form? Someone may have typed your e-mail address by mistake. You can ignore this e-mail; if our client portal asks you 'Is this your application?' about it, answer 'No, it is not mine'.",
    );
    expect(mail.html).toContain(`<p>${escapeHtml(NOT_YOURS_LINE)}</p>`);
  });

  it('names the question and the answer as the portal shows them', () => {
    expect(NOT_YOURS_LINE).toContain(`'${APPLICATION_OWNERSHIP.question}'`);
    expect(NOT_YOURS_LINE).toContain(`'${APPLICATION_OWNERSHIP.notMine}'`);
  });
});

describe('the pre-qualification e-mail to the loan team', () => {
  it("gives the unmet criteria in the officer's words, not the applicant's", () => {
    const form = { ...sampleForm, creditScore: 'Below 600' as const, hasDownPayment: 'no' as const };
    const mail = teamEmail(
      {
        applicantEmail: 'jose@example.com',
        businessName: form.businessName,
        firstName: form.firstName,
        lastName: form.lastName,
        evaluation: evaluatePreQualification(form),
        formData: form,
      },
      'https://loans.example',
    );
    expect(mail.text).toContain(
      'Unmet criteria:\n- Credit score range below 600 is below 660\n- Down payment of 10% of the loan amount not available\n',
    );
    expect(mail.text).not.toContain('Your credit score');
  });

  it('lists the answers as they were stored and reviewed: trimmed, money in dollars with the cents typed', () => {
    const form = {
      ...sampleForm,
      firstName: '  José ',
      businessName: '  Lee Bakery LLC  ',
      annualRevenue: ' 600000 ',
      monthlyDebtPayments: ' 1,500.50 ',
    };
    const mail = teamEmail(
      {
        applicantEmail: 'jose@example.com',
        businessName: form.businessName.trim(),
        firstName: form.firstName.trim(),
        lastName: form.lastName,
        evaluation: evaluatePreQualification(form),
        formData: form,
      },
      'https://loans.example',
    );
    expect(mail.text).toContain('- First Name: José\n');
    expect(mail.text).toContain('- Business Name: Lee Bakery LLC\n');
    expect(mail.text).toContain('- Annual Revenue: $600,000\n');
    expect(mail.text).toContain('- Monthly Debt Payments: $1,500.50\n');
    expect(mail.html).toContain('<li>Monthly Debt Payments: $1,500.50</li>');
  });
});
