import { formatDateTime } from '../../../../shared/format/dates.ts';

/** How the application detail names a moment and the person behind an entry (timeline, audit log, notes). */

export function when(date: string): string {
  return formatDateTime(date);
}

/**
 * Who did it, as an officer reads it: 'you', 'the applicant' (the application's own account, `applicantId`),
 * 'officer 1a2b3c4d', the lender, or the applicant or the system.
 */
export function actor(
  entry: { actor_id: string | null; kind?: string },
  me: string | undefined,
  applicantId?: string | null,
  byLender = entry.kind?.startsWith('lender_') ?? false,
): string {
  if (byLender) return 'the lender';
  if (!entry.actor_id) return 'the applicant or the system';
  if (entry.actor_id === me) return 'you';
  if (entry.actor_id === applicantId) return 'the applicant';
  return `officer ${entry.actor_id.slice(0, 8)}`;
}
