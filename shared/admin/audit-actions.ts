/**
 * How an officer reads an audit entry's action. The database writes actions as `<subject>.<what happened>`
 * (audit_row_change: created, deleted, updated or the row's new status; the functions add their own), for
 * example 'term_sheet.created' or 'bank_package.need_more_info'. The detail shows them in words.
 */

const subjects: Record<string, string> = {
  application: 'Application',
  application_note: 'Note',
  bank_package: 'Bank package',
  client: 'Client',
  document_not_needed: 'Document marked not needed',
  document_request: 'Document request',
  document_review: 'Document review',
  impersonation: 'Client portal view',
  lender: 'Lender',
  lender_consent: 'Lender consent',
  pre_application_letter: 'Pre-application letter',
  term_sheet: 'Term sheet',
};

/** Whole actions whose words are not `<subject> <what happened>`. */
const actions: Record<string, string> = {
  'application.pending': 'Application set back to pending',
  'application.linked_to_account': "Application linked to the applicant's account",
  'application.unlinked_from_account': 'Application no longer linked to an account (the account was deleted)',
  'application.confirmed_by_applicant': 'Application confirmed by the applicant as theirs',
  'application.disowned_by_email_holder': 'Application disowned: the holder of its e-mail said they did not make it',
  // Written by the database when the send-bank-package function marks the package sent; the function then
  // writes 'sent_to_lender' with the officer who sent it.
  'bank_package.sent': 'Bank package marked as sent',
  'bank_package.sent_to_lender': 'Bank package sent to a lender',
  'bank_package.interested': 'Bank package answered by the lender: interested',
  'bank_package.need_more_info': 'Bank package answered by the lender: needs more information',
  'bank_package.declined': 'Bank package answered by the lender: declined',
  'client.password_reset_sent': 'Password reset e-mail sent to the client',
  'document_review.created': 'Document reviewed',
  'document_not_needed.created': 'Document marked not needed for this application',
  'document_not_needed.deleted': 'Document marked needed again',
  'impersonation.start': 'Client portal view started',
  'impersonation.end': 'Client portal view ended',
};

/** The lenders' answers to a package (written by the lender-package function, so without an actor id). */
const lenderAnswers = new Set([
  'bank_package.interested',
  'bank_package.need_more_info',
  'bank_package.declined',
  // Only a lender makes, revises (a new row) and withdraws (an update) an offer, through its link.
  'loan_offer.created',
  'loan_offer.updated',
]);

/** The applicant's answers to a consent request (only the applicant may give them: answer_lender_consent). */
const applicantAnswers = new Set([
  'lender_consent.approved',
  'lender_consent.declined',
  'lender_consent.withdrawn',
  // Accepted through the accept-offer function, which checks the applicant.
  'offer_acceptance.created',
]);

/** 'bank_package.sent_to_lender' → subject 'bank_package', happened 'sent_to_lender' (empty without a dot). */
function actionParts(action: string): { subject: string; happened: string } {
  const dot = action.indexOf('.');
  return dot === -1
    ? { subject: action, happened: '' }
    : { subject: action.slice(0, dot), happened: action.slice(dot + 1) };
}

/** An action in words: 'term_sheet.created' → 'Term sheet created'. An unknown one is still made readable. */
export function auditActionText(action: string): string {
  const known = actions[action];
  if (known) return known;
  const { subject, happened } = actionParts(action);
  const words = [subjects[subject] ?? subject.replaceAll('_', ' '), happened.replaceAll('_', ' ')]
    .filter(Boolean)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Who made the change when the entry itself says so: a lender's or the applicant's answer; 'system' for any
 * other entry without an actor (written by a server function or the database itself, for instance when the
 * package is marked sent, or an application linked to its account: signed-in people always have an id).
 */
export function auditEntryActor(entry: {
  action: string;
  actor_id: string | null;
}): 'lender' | 'applicant' | 'system' | undefined {
  if (lenderAnswers.has(entry.action)) return 'lender';
  if (applicantAnswers.has(entry.action)) return 'applicant';
  // A stage is recorded by an officer (always with an id) or by the chosen lender through its link (none).
  if (entry.action === 'loan_stage.created' && entry.actor_id === null) return 'lender';
  return entry.actor_id === null ? 'system' : undefined;
}

/**
 * What the application's detail knows that an entry names: the consent requests and the lenders; the document
 * reviews and the documents (optional: a caller without them gets the action alone).
 */
type AuditLookup = {
  consents: readonly { id: string; lender_id: string }[];
  lenders: readonly { id: string; name: string }[];
  reviews?: readonly { id: string; document_id: string; outcome: 'accepted' | 'needs_replacement' }[];
  documents?: readonly { id: string; file_name: string }[];
  offers?: readonly { id: string; package_id: string; revision: number }[];
  packages?: readonly { id: string; bank_name: string }[];
};

const reviewOutcomes = { accepted: 'accepted', needs_replacement: 'needs replacement' } as const;

/**
 * An entry's action in words, naming the lender when it is about a consent request or a bank package:
 * 'Lender consent created (First Sierra Bank)'. A consent request is named by its lender's name of today when
 * the detail holds both, else by the name the entry recorded when written; a package entry by the lender the
 * package was for when the entry was written (none for a package made before it was sent). A document's review
 * names the file and the outcome: 'Document reviewed (tax-return-2025.pdf: needs replacement)'; an offer, the lender its
 * package went to and its revision: 'Loan offer created (First Sierra Bank, revision 2)'.
 */
export function auditEntryText(
  entry: { action: string; record_id: string | null; lender_name?: string | null },
  known: AuditLookup,
): string {
  const text = auditActionText(entry.action);
  const { subject } = actionParts(entry.action);
  let lender: string | null | undefined;
  if (subject === 'lender_consent') {
    const consent = known.consents.find((row) => row.id === entry.record_id);
    lender = known.lenders.find((row) => row.id === consent?.lender_id)?.name ?? entry.lender_name;
  } else if (subject === 'bank_package') {
    lender = entry.lender_name;
  } else if (subject === 'document_review') {
    const review = known.reviews?.find((row) => row.id === entry.record_id);
    const document = known.documents?.find((row) => row.id === review?.document_id);
    if (review && document) return `${text} (${document.file_name}: ${reviewOutcomes[review.outcome]})`;
  } else if (subject === 'loan_offer') {
    const offer = known.offers?.find((row) => row.id === entry.record_id);
    const bank = known.packages?.find((row) => row.id === offer?.package_id)?.bank_name;
    if (offer && bank) return `${text} (${bank}, revision ${offer.revision})`;
  }
  return lender ? `${text} (${lender})` : text;
}
