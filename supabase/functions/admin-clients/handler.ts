import type { User } from '@supabase/supabase-js';
import type { ClientRow } from '../../../shared/admin/client-row.ts';
import { API_MAX_ROWS } from '../../../shared/db/api-limits.ts';
import { ADMIN_MESSAGES } from '../../../shared/messages/portal-admin.ts';
import { json, preflight, readJson, type FunctionHandler } from '../_shared/http.ts';
import { adminCaller, type FunctionEnvironment } from '../_shared/service-client.ts';

const MAX_PAGES = 100;

/**
 * Every row of a read, page by page: the API returns at most API_MAX_ROWS rows per request (hosted
 * Supabase's max_rows), so a single read would silently drop the rest. `page` reads rows [from, to] in a
 * stable order.
 */
async function allRows<Row>(
  page: (from: number, to: number) => PromiseLike<{ data: Row[] | null; error: { message: string } | null }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let index = 0; index < MAX_PAGES; index++) {
    const { data, error } = await page(index * API_MAX_ROWS, (index + 1) * API_MAX_ROWS - 1);
    if (error) throw new Error(error.message);
    rows.push(...(data ?? []));
    if ((data ?? []).length < API_MAX_ROWS) break;
  }
  return rows;
}

/** Every account, page by page as the auth admin API lists them (its pages are numbered from 1). */
function allUsers(service: FunctionEnvironment['service']): Promise<User[]> {
  return allRows<User>(async (from) => {
    const { data, error } = await service.auth.admin.listUsers({
      page: from / API_MAX_ROWS + 1,
      perPage: API_MAX_ROWS,
    });
    return { data: data?.users ?? null, error };
  });
}

type ApplicationContact = { user_id: string | null; email: string; business_name: string; phone: string };

/**
 * Each account's newest application, by user id and by e-mail (made before the account existed): its
 * business name and phone stand in for what the sign-up profile lacks.
 */
async function newestApplications(service: FunctionEnvironment['service']) {
  const data = await allRows<ApplicationContact>((from, to) =>
    service
      .from('applications')
      .select('user_id, email, business_name, phone')
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, to),
  );
  const byUser = new Map<string, ApplicationContact>();
  const byEmail = new Map<string, ApplicationContact>();
  for (const application of data) {
    if (application.user_id && !byUser.has(application.user_id)) byUser.set(application.user_id, application);
    const email = application.email.toLowerCase();
    if (!byEmail.has(email)) byEmail.set(email, application);
  }
  return (user: User) => byUser.get(user.id) ?? byEmail.get((user.email ?? '').toLowerCase());
}

type PortalView = { client_id: string; actor_id: string | null; created_at: string };

/** Each client's latest portal view by an officer (the portal_last_views view of the audit log). */
async function latestPortalViews(service: FunctionEnvironment['service']): Promise<Map<string, PortalView>> {
  const views = await allRows<PortalView>((from, to) =>
    service.from('portal_last_views').select('client_id, actor_id, created_at').order('client_id').range(from, to),
  );
  return new Map(views.map((view) => [view.client_id, view]));
}

/**
 * admin-clients: the applicants' accounts for the admin's Client Management tab, newest first, optionally
 * filtered by a search on e-mail, business name or phone (the profile's, else the newest application's).
 * Admins only.
 */
export function createAdminClientsHandler(environment: FunctionEnvironment): FunctionHandler {
  return async (request) => {
    const early = preflight(request);
    if (early) return early;
    const admin = await adminCaller(request, environment.service);
    if (!admin) return json({ error: 'Only admins can list clients' }, 403);
    const body = (await readJson(request)) as { search?: unknown } | undefined;
    const search = typeof body?.search === 'string' ? body.search.trim().toLowerCase() : '';
    try {
      const [users, profiles, applicationOf, portalViews] = await Promise.all([
        allUsers(environment.service),
        allRows<Record<string, unknown>>((from, to) =>
          environment.service
            .from('profiles')
            .select('user_id, business_name, phone, role')
            .eq('role', 'applicant')
            .order('user_id')
            .range(from, to),
        ),
        newestApplications(environment.service),
        latestPortalViews(environment.service),
      ]);
      const byId = new Map(users.map((user) => [user.id, user]));
      const clients: ClientRow[] = profiles.flatMap((profile) => {
        const user = byId.get(profile.user_id as string);
        if (!user) return [];
        const application = applicationOf(user);
        const view = portalViews.get(user.id);
        return [
          {
            id: user.id,
            email: user.email ?? '',
            created_at: user.created_at,
            last_sign_in_at: user.last_sign_in_at ?? null,
            email_confirmed_at: user.email_confirmed_at ?? null,
            profile: {
              business_name: (profile.business_name as string | null) || application?.business_name || null,
              phone: (profile.phone as string | null) || application?.phone || null,
              role: profile.role as string,
            },
            last_portal_view: view
              ? { at: view.created_at, by: (view.actor_id && byId.get(view.actor_id)?.email) || null }
              : null,
          },
        ];
      });
      const matching = search
        ? clients.filter((client) =>
            [client.email, client.profile.business_name ?? '', client.profile.phone ?? ''].some((value) =>
              value.toLowerCase().includes(search),
            ),
          )
        : clients;
      matching.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
      return json({ clients: matching });
    } catch (error) {
      console.error('admin-clients failed:', error instanceof Error ? error.message : error);
      return json({ error: ADMIN_MESSAGES.clientsLoadFailed }, 500);
    }
  };
}
