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
  changed_via: 'reply_stop' | 'reply_start' | 'portal' | 'texted_before';
  changed_at: string;
};

/** A text to an applicant (the officer reads each on the application, with what became of it). */
export type SmsMessageRow = {
  id: string;
  application_id: string;
  event_id: number | null;
  /** The timeline event's kind it tells of. */
  kind: string;
  phone_e164: string;
  body: string | null;
  status: 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'skipped';
  send_after: string;
  claimed_at: string | null;
  sent_at: string | null;
  provider_sid: string | null;
  status_detail: string | null;
  created_at: string;
  updated_at: string;
};
