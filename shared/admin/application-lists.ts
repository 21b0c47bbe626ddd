import { checklistStateLabels, type ChecklistState } from '../checklist/document-checklist.ts';
import type { ApplicationRow } from '../db/applications.ts';

/**
 * The lists of the admin's Applications tab, their sort orders and page size: the same in the web build
 * (answered by the database) and in the desktop app's offline cache (answered by SQLite).
 */
export const applicationLists = [
  { id: 'pending', title: 'Pending Applications' },
  { id: 'approved', title: 'Approved Applications' },
  // Approved applications whose applicant accepted an offer: on their way to funding (docs/product.md §11).
  { id: 'pipeline', title: 'Pipeline' },
  { id: 'notQualified', title: 'Not Qualified' },
  { id: 'rejected', title: 'Rejected' },
] as const;
export type ApplicationListId = (typeof applicationLists)[number]['id'];
export const applicationListIds = applicationLists.map((list) => list.id) as [
  ApplicationListId,
  ...ApplicationListId[],
];

export const applicationSorts = [
  { id: 'newest', label: 'Newest first', column: 'created_at', ascending: false },
  { id: 'oldest', label: 'Oldest first', column: 'created_at', ascending: true },
  // By the name's lower-case key (applications.business_name_key): 'acme' comes with the A's.
  { id: 'business', label: 'Business name (A-Z)', column: 'business_name_key', ascending: true },
] as const;
export type ApplicationSortId = (typeof applicationSorts)[number]['id'];
export const applicationSortIds = applicationSorts.map((sort) => sort.id) as [
  ApplicationSortId,
  ...ApplicationSortId[],
];

export const ADMIN_PAGE_SIZE = 25;

export type ApplicationsPageArgs = {
  list: ApplicationListId;
  search: string;
  sort: ApplicationSortId;
  page: number;
  /** Only the applications whose documents stand so (docs/product.md §10); all when absent. */
  documents?: DocumentsFilter | undefined;
};

/**
 * The Documents filter of the lists: a checklist state, or 'files_to_review', the applications with a file no
 * officer has reviewed yet whatever else they wait for (one that also misses a document is 'Waiting on applicant').
 */
export type DocumentsFilter = ChecklistState | 'files_to_review';

export const documentsFilterLabels: Readonly<Record<DocumentsFilter, string>> = {
  files_to_review: 'Files to review',
  ...checklistStateLabels,
};

export const documentsFilters = Object.keys(documentsFilterLabels) as DocumentsFilter[];
export type ApplicationsPage = { rows: ApplicationRow[]; total: number };

/** How many applications each list holds (the tabs' labels). */
export type ApplicationListCounts = Record<ApplicationListId, number>;

/**
 * The counts of every list out of a grouped count's rows ({ list, applications }, a list with none left out; the
 * database gives bigint counts as strings).
 */
export function applicationListCounts(rows: { list: string; applications: number | string }[]): ApplicationListCounts {
  const counts = Object.fromEntries(applicationListIds.map((id) => [id, 0])) as ApplicationListCounts;
  for (const row of rows) {
    const list = applicationListIds.find((id) => id === row.list);
    if (list) counts[list] = Number(row.applications);
  }
  return counts;
}

/**
 * Which list an application belongs to: one whose applicant accepted an offer is in the Pipeline; declined by the evaluation at submission (rejected, never decided
 * by an officer) is Not Qualified; rejected by an officer is Rejected.
 */
export function applicationListOf(
  row: Pick<ApplicationRow, 'status' | 'decided_at' | 'loan_stage'>,
): ApplicationListId {
  if (row.loan_stage) return 'pipeline';
  if (row.status === 'pending' || row.status === 'approved') return row.status;
  return row.decided_at === null ? 'notQualified' : 'rejected';
}

/**
 * An application's status as the officer's detail names it, by its list: an application the evaluation
 * declined reads 'not qualified', not 'rejected' (which is an officer's decision, in the Rejected list).
 */
export function officerStatusLabel(row: Pick<ApplicationRow, 'status' | 'decided_at' | 'loan_stage'>): string {
  const list = applicationListOf(row);
  if (list === 'pipeline') return row.status;
  return list === 'notQualified' ? 'not qualified' : list;
}
