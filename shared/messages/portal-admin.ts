import { errorMessageOr } from './error-message.ts';

/**
 * The portal's and the admin dashboard's messages (docs/product.md §8, Portal and Admin). "Not in the original
 * description" marks the ones this product adds.
 */

export const PORTAL_MESSAGES = {
  uploadFailed: 'Upload failed',
  additionalInfoFailed: 'There was an error submitting your information. Please try again or contact us directly.',
  additionalInfoSubmitted:
    'Your information and documents have been successfully submitted. Our team will review them and contact you shortly.',
  /**
   * Not in the original description (which does not store the answers): why a submission of the additional information
   * was not stored, when it was answered from two tabs or windows, or decided by an officer while the applicant edited.
   */
  additionalInfoChangedElsewhere:
    'These answers were changed in another tab or window after you opened them, so yours were not saved. They are still below: submit again to replace the stored answers, or reload the page to see them.',
  additionalInfoDecidedMeanwhile:
    'A loan officer decided on this application while you were editing, so your answers were not saved. Please contact us if you need to add anything.',
  /**
   * Not in the original description: the answers can be sent until an officer decides (docs/architecture.md,
   * Departure 10), which the applicant is told while they can; once decided, what was started and not sent is
   * still shown (from the browser's draft), and nothing is said to have been sent that was not.
   */
  additionalInfoBeforeDecision:
    'Send your answers before a loan officer decides on this application: after that they can no longer be sent or changed.',
  additionalInfoNoneSent: 'No additional information was sent for this application.',
  additionalInfoDraftNotSent:
    'The answers below were started in this browser but not sent before the decision, so your loan officer does not have them. If they matter to your loan, please contact us.',
  /** Not in the original description (docs/architecture.md, Lender network): the portal's lender matches. */
  lendersLoadFailed: 'Failed to load your lender matches. Please reload the page to try again.',
  /**
   * Not in the original description: an answer the applicant gives in the portal that was not saved (to a lender's
   * consent request, or to 'Is this your application?' about one made signed out in their e-mail).
   */
  answerFailed: 'Failed to save your answer. Please try again.',
  /** Not in the original description (docs/product.md, Offers and funding): the portal's comparison of offers. */
  offersLoadFailed: 'Failed to load your offers. Please reload the page to try again.',
  /** An acceptance that reached no answer (the function's own refusals are shown in their words). */
  acceptOfferFailed: 'The offer could not be accepted. Please try again.',
  /**
   * Not in the original description: a stored document whose link could not be signed (offline, signed out), in the
   * portal and in the admin dashboard alike.
   */
  documentOpenFailed: 'The document could not be opened. Please try again.',
  smsSettingsLoadFailed: 'Failed to load your text message settings. Please reload the page to try again.',
  smsSettingsSaveFailed: 'Your text message settings could not be saved. Please try again.',
} as const;

/**
 * Not in the original description: the portal's question about an application made signed out in the applicant's
 * e-mail, which the pre-qualification e-mail names too (supabase/functions/send-emails/templates.ts).
 */
export const APPLICATION_OWNERSHIP = {
  question: 'Is this your application?',
  mine: 'Yes, it is mine',
  notMine: 'No, it is not mine',
  /** The admin list's mark on an application whose e-mail holder answered notMine. */
  disownedBadge: 'Disowned by e-mail holder',
} as const;

export const ADMIN_MESSAGES = {
  loadFailed: 'Failed to load data',
  statusUpdateFailed: 'Failed to update applicant status',
  /**
   * Not in the original description: said under statusUpdateFailed when another officer decided the application first.
   */
  decidedMeanwhile: 'Another officer decided this application meanwhile. Close this dialog to see its status now.',
  termSheetFailed: 'Failed to generate term sheet',
  packageDownloadFailed: 'Failed to download bank package',
  packageSendFailed: 'Failed to send bank package',
  /** Not in the original description (which simulates packages): generating one can fail once it is stored. */
  packageGenerateFailed: 'Failed to generate bank package',
  logoutFailed: 'Failed to log out',
  clientsLoadFailed: 'Failed to load clients',
  clientAccessFailed: 'Failed to access client account',
  clientResetFailed: 'Failed to send password reset email',
  /**
   * Not in the original description: said instead when one went to the client less than a minute before (none is
   * sent then).
   */
  clientResetTooSoon:
    'A password reset e-mail went to this client less than a minute ago, so no new one was sent. Wait a minute before sending another.',
  letterFailed: 'Failed to generate letter',
  noClients: 'No clients found',
  noClientsSearching: 'Try adjusting your search terms',
  noClientsYet: 'No clients have registered yet',
  /** Not in the original description (which only logs registrations): the Registrations tab. */
  registrationsLoadFailed: 'Failed to load registrations',
  noRegistrations: 'No registrations found',
  noRegistrationsYet: 'No businesses have registered yet',
  /**
   * Not in the original description (docs/architecture.md, Lender network): matches, consent requests and lender
   * links.
   */
  lendersLoadFailed: 'Failed to load the lender network',
  consentRequestFailed: 'Failed to ask the applicant’s consent',
  linkRevokeFailed: 'Failed to revoke the lender link',
  lenderSaveFailed: 'Failed to save lender',
  lenderNameTaken: 'A lender with this name already exists',
  lenderChangedMeanwhile:
    'Another officer changed or deleted this lender meanwhile, so this form was not saved. Close it and open the lender again to see it as it is now.',
  lenderDeleteFailed: 'Failed to delete lender',
  /** Not in the original description: loan officers' notes on an application. */
  noteAddFailed: 'Failed to add note',
  /** Not in the original description (which only generates them): downloading a stored letter or term sheet again. */
  letterDownloadFailed: 'Failed to download letter',
  termSheetDownloadFailed: 'Failed to download term sheet',
  /**
   * Not in the original description (the desktop app works offline): a change only the server makes, tried while it
   * cannot be reached, in the words of the desktop app's offline banner; what was typed stays in the form.
   */
  letterOffline:
    'You are offline: a letter can only be made online. What you typed is kept; generate it when the connection returns.',
  termSheetOffline:
    'You are offline: a term sheet can only be made online. What you typed is kept; generate it when the connection returns.',
  packageGenerateOffline:
    'You are offline: a bank package can only be made online. Generate it when the connection returns.',
  packageSendOffline:
    'You are offline: a package can only be sent online. Nothing was sent; send it when the connection returns.',
  consentRequestOffline:
    'You are offline: consent can only be asked online. Nothing was sent to the applicant; ask when the connection returns.',
  linkRevokeOffline:
    'You are offline: a link can only be revoked online. The link still works; revoke it when the connection returns.',
  lenderSaveOffline:
    'You are offline: lenders can only be changed online. What you typed is kept; save it when the connection returns.',
  lenderChangeOffline:
    'You are offline: lenders can only be changed online. Nothing was changed; try again when the connection returns.',
} as const;

/** The alert after an admin sends a client a password-reset e-mail. */
export function clientResetSentMessage(email: string): string {
  return `A password reset email has been sent to ${email}.`;
}

/** An upload's error: its message, or 'Upload failed'. */
export function uploadErrorMessage(error: unknown): string {
  return errorMessageOr(error, PORTAL_MESSAGES.uploadFailed);
}

/** The developer test page's failure line: 'Error: ' plus the message. */
export function testPageErrorMessage(message: string): string {
  return `Error: ${message}`;
}

/** A file the portal refuses before sending a byte: the wrong type. */
export function uploadTypeRefusedMessage(fileName: string): string {
  return `"${fileName}" is not an accepted file type. Please upload a PDF, Word, Excel, JPG or PNG file.`;
}

/**
 * A file the portal does not send: the same name and size is already uploaded for this item, or on its way (chosen
 * twice in a row, it made two identical files for the applicant to delete and the officer to review).
 */
export function uploadAlreadyThereMessage(fileName: string): string {
  return `"${fileName}" is already uploaded here, so it was not sent again.`;
}

/** A file the portal refuses before sending a byte: over the size limit. */
export function uploadTooLargeMessage(fileName: string, limitLabel: string): string {
  return `"${fileName}" is larger than the ${limitLabel} limit per file.`;
}

/** A file the portal refuses before sending a byte: a name longer than a documents row keeps (its start, shown). */
export function uploadNameTooLongMessage(fileName: string, maxLength: number): string {
  const start = [...fileName].slice(0, 40).join('');
  return `"${start}…" has a name longer than ${maxLength} characters. Please rename the file and upload it again.`;
}
