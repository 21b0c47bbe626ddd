import { preQualificationFields } from '../catalogue/pre-qualification.ts';

/**
 * The words an applicant agrees to when they ask for texts, stored with each consent (sms_consents.consent_text):
 * the application form's checkbox, and the portal's notification setting. The database writes the same words
 * (sms_consent_text() in 20261210100000_sms_notifications.sql); a test keeps the two equal.
 */
export const SMS_CONSENT_TEXTS = {
  application_form: preQualificationFields.receiveSms.label,
  portal:
    'Text me at this number when there is news about my application. Message and data rates may apply. Reply STOP to opt out.',
} as const;
