import type { OutboxEntry } from '../../shared/ipc/channels.ts';

/** How the desktop status bar words the outbox: each queued change, and the count. */

/** The longest part of a note the outbox shows (the whole note is in the application's detail). */
const noteExcerptLength = 80;

/** A queued change in words: 'Approve Reyes Bakery', or 'Note on Reyes Bakery: "Called the owner..."'. */
export function entryText(entry: OutboxEntry): string {
  if (entry.kind === 'decide') return `${entry.decision === 'approved' ? 'Approve' : 'Reject'} ${entry.label}`;
  const oneLine = entry.body.replace(/\s+/g, ' ');
  const excerpt = oneLine.length > noteExcerptLength ? `${oneLine.slice(0, noteExcerptLength - 1)}…` : oneLine;
  return `Note on ${entry.label}: "${excerpt}"`;
}

function countOf(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

/** The outbox count: '2 decisions queued', '1 note queued', '1 decision and 2 notes queued'. */
export function queuedCountText(pending: OutboxEntry[]): string {
  const notes = pending.filter((entry) => entry.kind === 'note').length;
  const decisions = pending.length - notes;
  if (notes === 0) return `${countOf(decisions, 'decision')} queued`;
  if (decisions === 0) return `${countOf(notes, 'note')} queued`;
  return `${countOf(decisions, 'decision')} and ${countOf(notes, 'note')} queued`;
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
