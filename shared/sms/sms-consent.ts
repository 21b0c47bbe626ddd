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

/**
 * Whether a number's owner said yes from that phone (a reply of YES, START or another opt-in word), or was texted
 * before that was asked, and has not replied STOP since: only such a number is texted news. The database decides
 * the same from the same row (sms_number_confirmed() in 20261219100000_sms_number_confirmed_by_reply_...sql).
 */
export function smsNumberConfirmed(optOut: { opted_out: boolean; changed_via: string } | null | undefined): boolean {
  return (
    optOut !== null &&
    optOut !== undefined &&
    !optOut.opted_out &&
    ['reply_start', 'texted_before'].includes(optOut.changed_via)
  );
}
