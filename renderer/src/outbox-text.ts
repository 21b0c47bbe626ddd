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
