import { describe, expect, it } from 'vitest';
import { evaluatePreQualification } from '../evaluation/evaluate.ts';
import { sampleForm } from '../testing/samples.ts';
import { applicationDataError, notificationDataError, sendEmailsPayloadSchema } from './notifications.ts';

const identity = { businessName: 'Reyes Bakery', firstName: 'Dana', lastName: 'Reyes' };

describe('notification and application data checks (product.md §5)', () => {
  it.each(['applicantEmail', 'businessName', 'firstName', 'lastName'])(
    'the e-mail function refuses a payload without %s',
    (field) => {
      const payload = { ...identity, applicantEmail: 'dana@example.com', [field]: '' };
      expect(notificationDataError(payload)).toBe('Missing required data for email notifications');
    },
  );

  it.each(['email', 'businessName', 'firstName', 'lastName'])('creating an application needs %s', (field) => {
    const data = { ...identity, email: 'dana@example.com', [field]: undefined };
    expect(applicationDataError(data)).toBe('Missing required application data');
  });

  it('passes complete data', () => {
    expect(notificationDataError({ ...identity, applicantEmail: 'dana@example.com' })).toBeUndefined();
    expect(applicationDataError({ ...identity, email: 'dana@example.com' })).toBeUndefined();
  });
});

describe('send-emails payload', () => {
  const evaluation = evaluatePreQualification(sampleForm);

  it('accepts the pre-qualification payload with form data', () => {
    const payload = { ...identity, applicantEmail: 'dana@example.com', evaluation, formData: sampleForm };
    expect(sendEmailsPayloadSchema.parse(payload)).toEqual(payload);
  });

  it("accepts the test page's payload: an evaluation without criteria and no form data", () => {
    const payload = {
      ...identity,
      applicantEmail: 'dana@example.com',
      evaluation: { qualified: true, reasons: [], suggestedNextSteps: ['Call us'] },
    };
    expect(sendEmailsPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('refuses a payload without an evaluation', () => {
    expect(sendEmailsPayloadSchema.safeParse({ ...identity, applicantEmail: 'dana@example.com' }).success).toBe(false);
  });
});
