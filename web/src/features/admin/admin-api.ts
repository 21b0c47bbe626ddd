import type { AdditionalInfoRow } from '../../../../shared/db/additional-info.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import type { ApplicationEvent } from '../../../../shared/status/timeline.ts';
import { api } from '../../lib/api.ts';
import type { BankPackageRow } from './bank-packages.tsx';
import type { LetterRow } from './letter-dialog.tsx';
import type { TermSheetRow } from './term-sheet-dialog.tsx';
import { loadSupabase } from '../../lib/load-supabase.ts';

/** The lists of the Applications tab: pending, approved, declined by the evaluation, declined by an officer. */
export const applicationLists = [
  { id: 'pending', title: 'Pending Applications' },
  { id: 'approved', title: 'Approved Applications' },
  { id: 'notQualified', title: 'Not Qualified' },
  { id: 'rejected', title: 'Rejected' },
] as const;
export type ApplicationListId = (typeof applicationLists)[number]['id'];

export const applicationSorts = [
  { id: 'newest', label: 'Newest first', column: 'created_at', ascending: false },
  { id: 'oldest', label: 'Oldest first', column: 'created_at', ascending: true },
  { id: 'business', label: 'Business name (A-Z)', column: 'business_name', ascending: true },
] as const;
export type ApplicationSortId = (typeof applicationSorts)[number]['id'];

export const ADMIN_PAGE_SIZE = 25;

export type ApplicationsPageArgs = { list: ApplicationListId; search: string; sort: ApplicationSortId; page: number };
export type ApplicationsPage = { rows: ApplicationRow[]; total: number };

export type AdminDocument = {
  id: string;
  type: string;
  file_name: string;
  file_size: number;
  storage_path: string;
  created_at: string;
};

export type AuditEntry = { id: number; actor_id: string | null; action: string; created_at: string };

export type ApplicationDetail = {
  application: ApplicationRow;
  events: ApplicationEvent[];
  documents: AdminDocument[];
  additionalInfo: AdditionalInfoRow | null;
  audit: AuditEntry[];
  letters: LetterRow[];
  termSheets: TermSheetRow[];
  bankPackages: BankPackageRow[];
};

/** Characters with a meaning in PostgREST's or=(...) syntax are left out of a search. */
export function searchPattern(search: string): string | null {
  const cleaned = search.replace(/[,()*"\\%_]/g, ' ').trim();
  return cleaned === '' ? null : `*${cleaned}*`;
}

function fail(context: string, error: unknown): { error: { message: string } } {
  console.error(context, error);
  return { error: { message: ADMIN_MESSAGES.loadFailed } };
}

const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of a list, filtered, sorted and counted by the database (fast at 10,000 applications). */
    applicationsPage: build.query<ApplicationsPage, ApplicationsPageArgs>({
      async queryFn({ list, search, sort, page }) {
        try {
          const supabase = await loadSupabase();
          let query = supabase.from('applications').select('*', { count: 'exact' });
          if (list === 'pending' || list === 'approved') query = query.eq('status', list);
          // Declined by the evaluation at submission (never decided by an officer), or by an officer.
          else if (list === 'notQualified') query = query.eq('status', 'rejected').is('decided_at', null);
          else query = query.eq('status', 'rejected').not('decided_at', 'is', null);
          const pattern = searchPattern(search);
          if (pattern) {
            query = query.or(
              ['business_name', 'first_name', 'last_name', 'email']
                .map((column) => `${column}.ilike.${pattern}`)
                .join(','),
            );
          }
          const order = applicationSorts.find((option) => option.id === sort) ?? applicationSorts[0];
          const from = page * ADMIN_PAGE_SIZE;
          const { data, count, error } = await query
            .order(order.column, { ascending: order.ascending })
            .order('id')
            .range(from, from + ADMIN_PAGE_SIZE - 1);
          if (error) return fail('Loading applications failed', error);
          return { data: { rows: (data ?? []) as ApplicationRow[], total: count ?? 0 } };
        } catch (error) {
          return fail('Loading applications failed', error);
        }
      },
      providesTags: ['Application'],
    }),

    applicationDetail: build.query<ApplicationDetail, string>({
      async queryFn(id) {
        try {
          const supabase = await loadSupabase();
          const [application, events, documents, additionalInfo, audit, letters, termSheets, bankPackages] =
            await Promise.all([
              supabase.from('applications').select('*').eq('id', id).single(),
              supabase.from('application_events').select('*').eq('application_id', id).order('id'),
              supabase
                .from('documents')
                .select('id, type, file_name, file_size, storage_path, created_at')
                .eq('application_id', id)
                .order('created_at', { ascending: false }),
              supabase.from('additional_info').select('*').eq('application_id', id).maybeSingle(),
              supabase.from('audit_log').select('id, actor_id, action, created_at').eq('record_id', id).order('id'),
              supabase
                .from('pre_application_letters')
                .select('*')
                .eq('application_id', id)
                .order('created_at', { ascending: false }),
              supabase
                .from('term_sheets')
                .select('*')
                .eq('application_id', id)
                .order('created_at', { ascending: false }),
              supabase
                .from('bank_packages')
                .select('id, status, bank_name, sent_at, summary, created_at')
                .eq('application_id', id)
                .order('created_at', { ascending: false }),
            ]);
          const failed = [
            application,
            events,
            documents,
            additionalInfo,
            audit,
            letters,
            termSheets,
            bankPackages,
          ].find((result) => result.error);
          if (failed) return fail('Loading the application failed', failed.error);
          return {
            data: {
              application: application.data as ApplicationRow,
              events: (events.data ?? []) as ApplicationEvent[],
              documents: (documents.data ?? []) as AdminDocument[],
              additionalInfo: (additionalInfo.data ?? null) as AdditionalInfoRow | null,
              audit: (audit.data ?? []) as AuditEntry[],
              letters: (letters.data ?? []) as LetterRow[],
              termSheets: (termSheets.data ?? []) as TermSheetRow[],
              bankPackages: (bankPackages.data ?? []) as BankPackageRow[],
            },
          };
        } catch (error) {
          return fail('Loading the application failed', error);
        }
      },
      providesTags: ['Application'],
    }),

    /**
     * Approves or rejects a pending application (decide_application checks the transition and that it is
     * still pending), then e-mails the applicant. A refused decision changes nothing on screen.
     */
    decideApplication: build.mutation<null, { id: string; decision: 'approved' | 'rejected'; reason: string }>({
      async queryFn({ id, decision, reason }) {
        try {
          const supabase = await loadSupabase();
          const { error } = await supabase.rpc('decide_application', {
            application_id: id,
            decision,
            reason,
            expected_status: 'pending',
          });
          if (error) {
            console.error('Decision refused', error);
            return { error: { message: ADMIN_MESSAGES.statusUpdateFailed } };
          }
          const notified = await supabase.functions.invoke('notify-applicant', { body: { applicationId: id } });
          if (notified.error) console.error('The applicant could not be e-mailed', notified.error);
          return { data: null };
        } catch (error) {
          console.error('Decision failed', error);
          return { error: { message: ADMIN_MESSAGES.statusUpdateFailed } };
        }
      },
      // A refused decision keeps the list as it is until the officer closes the dialog with its message.
      invalidatesTags: (_result, error) => (error ? [] : ['Application']),
    }),
  }),
});

export const { useApplicationsPageQuery, useApplicationDetailQuery, useDecideApplicationMutation } = adminApi;
