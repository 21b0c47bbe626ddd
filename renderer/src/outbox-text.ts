import type { OutboxEntry } from '../../shared/ipc/channels.ts';
import { loanStageLabels } from '../../shared/offers/loan-stages.ts';

/** How the desktop status bar words the outbox: each queued change, and the count. */

/** The longest part of a note the outbox shows (the whole note is in the application's detail). */
const noteExcerptLength = 80;

/**
 * A queued change in words: 'Approve Reyes Bakery', 'Note on Reyes Bakery: "Called the owner..."', 'Accept
 * tax-return-2025.pdf of Reyes Bakery', 'Send back tax-return-2025.pdf of Reyes Bakery' or 'Record In closing for
 * Reyes Bakery'.
 */
export function entryText(entry: OutboxEntry): string {
  if (entry.kind === 'decide') return `${entry.decision === 'approved' ? 'Approve' : 'Reject'} ${entry.label}`;
  if (entry.kind === 'review') {
    return `${entry.outcome === 'accepted' ? 'Accept' : 'Send back'} ${entry.fileName} of ${entry.label}`;
  }
  if (entry.kind === 'stage') return `Record ${loanStageLabels[entry.stage]} for ${entry.label}`;
  const oneLine = entry.body.replace(/\s+/g, ' ');
  const excerpt = oneLine.length > noteExcerptLength ? `${oneLine.slice(0, noteExcerptLength - 1)}…` : oneLine;
  return `Note on ${entry.label}: "${excerpt}"`;
}

/** Why a replayed change was not applied: what it acted on was changed on the server meanwhile. */
export function notAppliedText(entry: OutboxEntry): string {
  const what =
    entry.kind === 'review' ? 'the document' : entry.kind === 'stage' ? 'the loan’s stage' : 'the application';
  return `${entryText(entry)} was not applied: ${what} was changed meanwhile.`;
}

function countOf(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

/** Each kind of queued change, in the order the count names them. */
const queuedKinds: [OutboxEntry['kind'], string][] = [
  ['decide', 'decision'],
  ['note', 'note'],
  ['review', 'review'],
  ['stage', 'loan stage'],
];

/** The outbox count: '2 decisions queued', '1 note queued', '1 decision, 2 notes and 1 loan stage queued'. */
export function queuedCountText(pending: OutboxEntry[]): string {
  const parts = queuedKinds.flatMap(([kind, one]) => {
    const count = pending.filter((entry) => entry.kind === kind).length;
    return count > 0 ? [countOf(count, one)] : [];
  });
  if (parts.length === 0) return `${countOf(0, 'decision')} queued`;
  if (parts.length === 1) return `${parts.join('')} queued`;
  return `${parts.slice(0, -1).join(', ')} and ${parts.slice(-1).join('')} queued`;
}

/** How the queued changes sent ended, in the status bar: '3 changes sent', '2 changes sent, 1 not applied'. */
export function settledCountText(settled: OutboxEntry[]): string {
  const notApplied = settled.filter((entry) => entry.state !== 'done').length;
  const sent = settled.length - notApplied;
  if (notApplied === 0) return `${countOf(sent, 'change')} sent`;
  if (sent === 0) return `${countOf(notApplied, 'change')} not applied`;
  return `${countOf(sent, 'change')} sent, ${notApplied} not applied`;
}

/** The status bar's count of cached applications: '1 application on this computer'. */
export function cachedCountText(applications: number): string {
  return `${countOf(applications, 'application')} on this computer`;
}

/** Above the login: changes queued here wait for the account that made them. */
export function keptForAccountText(count: number): string {
  return `${countOf(count, 'change')} queued on this computer ${count === 1 ? 'is' : 'are'} kept for the account that made ${count === 1 ? 'it' : 'them'}: sent when that account signs in again, never under another account.`;
}

/** For an officer signed in after another one: that account's queued changes are kept for it, not sent. */
export function othersKeptText(count: number): string {
  return `${countOf(count, 'change')} another account queued on this computer ${count === 1 ? 'is' : 'are'} kept until that account signs in again; ${count === 1 ? 'it is' : 'they are'} not sent under your name.`;
}

/** The questions a logout with changes still queued asks. */
export function logoutQuestionText(count: number): string {
  return `${countOf(count, 'change')} you made ${count === 1 ? 'has' : 'have'} not reached the server yet. Logging out now discards ${count === 1 ? 'it' : 'them'}.`;
}
