import type { LoanStage } from '../offers/loan-stages.ts';
import { sha256Hex } from '../platform/sha256.ts';
import type { BankPackageStatus } from '../status/transitions.ts';

/**
 * A package sent to a lender and the lender's answer (docs/architecture.md, Lender network): the link that is the
 * lender's only credential, the answers, and the deadline after which an unanswered package is flagged.
 */

/** How long a lender's link opens its package (unless an officer revokes it first). */
export const LENDER_LINK_DAYS = 30;

/**
 * How long a link to a document works, in seconds: the lender's page asks for one at each download, so that a
 * document no longer accepted is refused from then on.
 */
export const LENDER_DOCUMENT_LINK_SECONDS = 60;

/** The web app's page a lender's link opens; the token follows in the fragment (never sent to a server log). */
const LENDER_VIEW_PATH = '/lender';

export const lenderAnswers = [
  { value: 'interested', label: 'Interested' },
  { value: 'need_more_info', label: 'Need more information' },
  { value: 'declined', label: 'Declined' },
] as const;
export type LenderAnswer = (typeof lenderAnswers)[number]['value'];

export const bankPackageStatusLabels: Readonly<Record<BankPackageStatus, string>> = {
  generated: 'generated',
  sent: 'sent',
  interested: 'lender interested',
  need_more_info: 'lender needs more information',
  declined: 'lender declined',
};

/** The longest note a lender may write with an answer (the database refuses longer). */
export const LENDER_NOTE_MAX = 4000;

/** The messages of the lender's page and of the lender-package function. */
export const LENDER_VIEW_MESSAGES = {
  linkInvalid: 'This link has expired or was revoked. Please ask the loan officer who sent it for a new one.',
  alreadyAnswered: 'This package has already been answered',
  answerFailed: 'Failed to record your answer. Please try again.',
  loadFailed: 'Failed to load the package. Please try again.',
  noteTooLong: `The note can be at most ${LENDER_NOTE_MAX} characters`,
  documentUnavailable:
    'This document is no longer available: the loan officer may have asked for a new version. Reload the page.',
  documentFailed: 'Failed to download the document. Please try again.',
  choseAnotherLender: 'The applicant chose another lender.',
  documentsNoLongerShared: 'The applicant chose another lender, so their documents are no longer shared with you.',
  offerFailed: 'Failed to send your offer. Please try again.',
  stageFailed: 'Failed to record the stage. Please try again.',
  noteBecomesCondition:
    'An offer goes with its conditions rather than a note: what you typed is the first condition below, to keep, change or remove.',
} as const;

/** A revision of the lender's offer as its page shows it (percent a year, dollars, days as YYYY-MM-DD). */
export type LenderOfferRevision = {
  id: string;
  revision: number;
  amount: number;
  rateKind: 'fixed' | 'variable';
  fixedRate: number | null;
  rateIndex: 'prime' | 'sofr_30_day' | 'treasury_5_year' | null;
  spread: number | null;
  termMonths: number;
  lenderFees: number;
  sbaGuarantyFee: number | null;
  collateral: string;
  conditions: string[];
  expiresOn: string;
  withdrawn: boolean;
  madeAt: string;
};

/** The loan's closing stages the lender whose offer was accepted records through its link. */
/** A stage as recorded, with what it needs: the expected closing day, the amount and day funded, or the reason. */
export type LenderLoanStage = {
  stage: LoanStage;
  expectedClosingOn: string | null;
  fundedAmount: number | null;
  fundedOn: string | null;
  reason: string | null;
  recordedAt: string;
};

/**
 * What a lender's page shows (the lender-package function's answer to 'view'): its package, and the
 * application's documents an officer accepted (each downloaded through the function, by its id).
 */
export type LenderPackageView = {
  package: {
    number: string;
    status: string;
    lenderName: string;
    businessName: string;
    summary: string;
    sentAt: string;
    answerDueAt: string | null;
    linkExpiresAt: string;
    answerNote: string | null;
    answeredAt: string | null;
  };
  documents: { id: string; type: string; label: string; fileName: string }[];
  /** This package's offer revisions, the latest first. */
  offers: LenderOfferRevision[];
  /** The applicant accepted this lender's offer (the revision with this id). */
  acceptedOfferId: string | null;
  /** The applicant accepted another lender's offer (which one is not said). */
  choseAnotherLender: boolean;
  /** The loan's stages in the order recorded; only for the lender whose offer was accepted. */
  stages: LenderLoanStage[];
};

type SentPackage = { status: BankPackageStatus; answer_due_at: string | null; link_revoked_at: string | null };

/**
 * Whether the lender's answer to a package is still awaited: sent, not answered, and its link not revoked (by the
 * officer, or when the applicant withdrew the approval), since a lender without a link cannot answer. An expired
 * link still awaits one: the officer follows it up with the lender.
 */
export function isAnswerAwaited(bankPackage: SentPackage): boolean {
  return bankPackage.status === 'sent' && bankPackage.link_revoked_at === null;
}

/** Whether an awaited answer (isAnswerAwaited) has not come by its deadline. */
export function isAnswerOverdue(bankPackage: SentPackage, now: Date): boolean {
  return (
    isAnswerAwaited(bankPackage) &&
    bankPackage.answer_due_at !== null &&
    new Date(bankPackage.answer_due_at).getTime() < now.getTime()
  );
}

/** A lender link's secret: 32 random bytes, base64url. */
export function newLenderToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** sha256 of the token, hex: what the database keeps (it compares the same digest in lender_package()). */
export function lenderTokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}

/** The address a lender's e-mail links to. */
export function lenderViewUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${LENDER_VIEW_PATH}#${token}`;
}

/** Adds whole days to an instant. */
export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * 24 * 3600 * 1000);
}
