/**
 * The stored rows of text messages (supabase/migrations/20261210100000_sms_notifications.sql), as the API returns
 * them: the portal reads its applicant's consents and opt-out, the officer every application's texts.
 */

/** One choice an applicant made about texts (the latest per application counts). */
export type SmsConsentRow = {
  id: string;
  application_id: string;
  /** E.164; null when the number given could not be read as a US number. */
  phone_e164: string | null;
  consented: boolean;
  consent_text: string;
  source: 'application_form' | 'portal';
  client_address: string | null;
  created_by: string | null;
  created_at: string;
};

/** Whether a number's owner replied STOP (START, or texts turned on in the portal, opts it in again). */
export type SmsOptOutRow = {
  phone_e164: string;
  opted_out: boolean;
  changed_via: 'reply_stop' | 'reply_start' | 'portal';
  changed_at: string;
};
