import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { createApiKeys, loadJwtSecret, type ApiKeys } from '../../../server/keys.ts';
import { IMPERSONATION_STORAGE_KEYS } from '../../../shared/catalogue/accounts.ts';
import { qualifiedApplicationRow } from '../../support/application-rows.ts';
import { anonClient } from '../../support/server-process.ts';
import { PortalPage } from './portal-page.ts';

/** A real account on the e2e server, with its password and a session from a real sign-in. */
export type PortalAccount = { id: string; email: string; password: string; session: Session };

/** Creates a confirmed account (admin API) and signs it in with its password, as the login page would. */
export async function createAccount(
  database: SupabaseClient,
  baseURL: string,
  options: { email?: string; admin?: boolean; keys?: ApiKeys } = {},
): Promise<PortalAccount> {
  const email = options.email ?? `owner-${randomUUID().slice(0, 8)}@harborcafe.com`;
  const password = `Pw-${randomUUID()}`;
  const created = await database.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { role: 'applicant' },
    app_metadata: options.admin ? { role: 'admin' } : {},
  });
  if (created.error) throw new Error(`creating ${email} failed: ${created.error.message}`);
  const keys = options.keys ?? (await createApiKeys(loadJwtSecret(process.env.E2E_DATA_DIR!, undefined)));
  const client = anonClient({ url: baseURL, keys });
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error || !signedIn.data.session) throw new Error(`signing in ${email} failed`);
  return { id: created.data.user.id, email, password, session: signedIn.data.session };
}

/** supabase-js's storage key for the session: sb-<first label of the API host>-auth-token. */
export function sessionStorageKey(baseURL: string): string {
  return `sb-${new URL(baseURL).hostname.split('.')[0]}-auth-token`;
}

/** Puts the account's session into the browser's storage before the app loads (once per test). */
export async function plantSession(page: Page, baseURL: string, session: Session): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e-session-planted')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-session-planted', 'yes');
      }
    },
    [sessionStorageKey(baseURL), JSON.stringify(session)] as const,
  );
}

/** An application submitted with the account's e-mail (before or after the account existed). */
export async function applicationFor(
  database: SupabaseClient,
  account: PortalAccount,
  overrides: Record<string, unknown> = {},
) {
  const row = qualifiedApplicationRow({ email: account.email, ...overrides });
  const { data, error } = await database.from('applications').insert(row).select('id, business_name').single();
  if (error) throw new Error(error.message);
  return { id: String(data.id), businessName: String(data.business_name) };
}

/** The account signed in (its session planted) on its portal. */
export async function signedInPortal(page: Page, baseURL: string, account: PortalAccount): Promise<PortalPage> {
  await plantSession(page, baseURL, account.session);
  const portal = new PortalPage(page);
  await portal.open();
  return portal;
}

/** The flags an admin's 'Access client account' sets, put into the tab before the app loads (once per test). */
export async function plantImpersonation(page: Page, clientId: string, startedAt: string): Promise<void> {
  await page.addInitScript(
    ([keys, client, started]) => {
      if (!sessionStorage.getItem('e2e-impersonation-set')) {
        sessionStorage.setItem(keys.clientId, client);
        sessionStorage.setItem(keys.startedAt, started);
        sessionStorage.setItem('e2e-impersonation-set', 'yes');
      }
    },
    [IMPERSONATION_STORAGE_KEYS, clientId, startedAt] as const,
  );
}
