import { describe, expect, it } from 'vitest';
import { brand } from '../../../shared/brand/brand.ts';
import { evaluatePreQualification } from '../../../shared/evaluation/evaluate.ts';
import { sampleForm } from '../../../shared/testing/samples.ts';
import { applicantEmail } from './templates.ts';

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
