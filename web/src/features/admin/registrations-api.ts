import { ADMIN_PAGE_SIZE } from '../../../../shared/admin/application-lists.ts';
import { postgrestSearchFilters } from '../../../../shared/admin/application-search.ts';
import type { RegistrationRow } from '../../../../shared/db/admin-rows.ts';
import type { ApplicationRow } from '../../../../shared/db/applications.ts';
import { ADMIN_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { api } from '../../lib/api.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';

/** The newest application made with a registration's contact e-mail, if any. */
export type LinkedApplication = Pick<ApplicationRow, 'id' | 'email' | 'status' | 'decided_at' | 'created_at'>;

export type RegistrationsPage = {
  rows: RegistrationRow[];
  total: number;
  /** By contact e-mail: the newest application made with it. */
  applications: Record<string, LinkedApplication>;
};

/** The columns each word of the Registrations tab's search is looked for in. */
const registrationSearchColumns = [
  'legal_business_name',
  'contact_name',
  'contact_email',
  'contact_mobile',
  'city',
] as const;

const registrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    registrations: build.query<RegistrationsPage, { search: string; page: number }>({
      async queryFn({ search, page }) {
        try {
          const supabase = await loadSupabase();
          let query = supabase
            .from('business_registrations')
            .select(
              'id, legal_business_name, website_url, no_website, address, suite, city, state, zip_code, business_start_date, contact_name, contact_email, contact_mobile, created_at',
              { count: 'exact' },
            );
          for (const filter of postgrestSearchFilters(search, registrationSearchColumns)) query = query.or(filter);
          const from = page * ADMIN_PAGE_SIZE;
          const registrations = await query
            .order('created_at', { ascending: false })
            .order('id')
            .range(from, from + ADMIN_PAGE_SIZE - 1);
          if (registrations.error) throw registrations.error;
          const rows = registrations.data as RegistrationRow[];
          // Both are stored lower-case by the forms; a registration sent around them is matched all the same.
          const emails = [...new Set(rows.map((row) => row.contact_email.toLowerCase()))];
          const applications: Record<string, LinkedApplication> = {};
          if (emails.length > 0) {
            const made = await supabase
              .from('applications')
              .select('id, email, status, decided_at, created_at')
              .in('email', emails)
              .order('created_at', { ascending: false });
            if (made.error) throw made.error;
            for (const application of made.data as LinkedApplication[]) {
              applications[application.email] ??= application;
            }
          }
          return { data: { rows, total: registrations.count ?? rows.length, applications } };
        } catch (error) {
          console.error('Loading registrations failed', error);
          return { error: { message: ADMIN_MESSAGES.registrationsLoadFailed } };
        }
      },
      providesTags: ['Registration'],
    }),
  }),
});

export const { useRegistrationsQuery } = registrationsApi;
