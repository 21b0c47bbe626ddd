/**
 * The text messages an applicant gets, and the replies to their keywords.
 *
 * A text goes to a phone anyone may pick up and sits on a lock screen, so it says only that something happened
 * and where to read it: no amounts, business or lender names, reasons or other personal data (a decline says
 * only that there is an update). The first name is the one personal word, so the reader knows the text is for
 * them. Every text starts with the product's name, which carriers and readers look for to know the sender.
 */
import { brand } from '../brand/brand.ts';

export type SmsKind =
  | 'approved'
  | 'rejected'
  | 'document_requested'
  | 'document_needs_replacement'
  | 'lender_answered'
  | 'offer_made'
  | 'documents_reminder';

/** What happened, in one sentence that follows the greeting. */
const happened: Readonly<Record<SmsKind, string>> = {
  approved: 'your loan application was approved.',
  rejected: 'there is an update on your loan application.',
  document_requested: 'a document was requested for your loan application.',
  document_needs_replacement: 'a document you uploaded needs to be replaced.',
  lender_answered: 'a lender answered about your loan application.',
  offer_made: 'you have a new loan offer.',
  documents_reminder: 'your loan application is still waiting for your documents.',
};

/** A long name would crowd the message out of a lock-screen preview. */
const MAX_NAME_LENGTH = 20;

/** The greeting: 'Hi Dana,' from '  Dana Lee ', or 'Hi,' when there is no name. */
function greeting(firstName: string): string {
  // Control characters out first: a name with a line break must not break the text.
  const [first = ''] = firstName
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .split(/\s+/);
  // By code points, so a name is never cut in the middle of a character.
  const name = Array.from(first).slice(0, MAX_NAME_LENGTH).join('');
  return name === '' ? 'Hi,' : `Hi ${name},`;
}

const OPT_OUT_NOTE = ' Reply STOP to opt out, HELP for help.';

/** The kind of the one text a number gets before its owner says yes (sms_messages.kind, as the database queues it). */
export const CONFIRM_NUMBER_KIND = 'confirm_number';

/**
 * The one text a number gets before its owner says yes from that phone (sms_number_confirmed in the database): the
 * number was typed, not proved, so it names no one and nothing of the application, only what replying YES does.
 */
export function smsConfirmationText(): string {
  return `${brand.productName}: to get texts about your loan application at this number, reply YES. Msg & data rates may apply.${OPT_OUT_NOTE}`;
}

/**
 * The text for an event: '<product>: Hi Dana, <what happened> Open your portal: <url>'. `first` is the first
 * text sent to this number, which carriers require to say how to opt out and get help.
 */
export function smsText(kind: SmsKind, firstName: string, portalUrl: string, options: { first: boolean }): string {
  const text = `${brand.productName}: ${greeting(firstName)} ${happened[kind]} Open your portal: ${portalUrl}`;
  return options.first ? text + OPT_OUT_NOTE : text;
}

/** The answers to the keywords of sms-keywords.ts, in the words carriers expect of them. */
export const SMS_REPLIES = {
  help: (portalUrl: string) =>
    `${brand.productName}: loan application updates. Open ${portalUrl} or reply STOP to opt out. Msg & data rates may apply.`,
  stop: `You will get no more texts from ${brand.productName}. Reply START to get them again.`,
  start: `${brand.productName}: texts are on. Reply STOP to opt out, HELP for help.`,
} as const;

/**
 * The text an event of the application's timeline gives, or null for the events that send none. The three
 * answers a lender can give make one text: which answer it was is for the portal to say.
 */
export function smsKindOfEvent(kind: string): SmsKind | null {
  switch (kind) {
    case 'approved':
    case 'rejected':
    case 'document_requested':
    case 'offer_made':
    case 'document_needs_replacement':
      return kind;
    case 'document_reminder_sent':
      return 'documents_reminder';
    case 'lender_interested':
    case 'lender_need_more_info':
    case 'lender_declined':
      return 'lender_answered';
    default:
      return null;
  }
}
