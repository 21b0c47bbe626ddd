import { describe, expect, it, vi } from 'vitest';
import { appShellRoutes } from '../../../server/cli/web-build.ts';
import { IMPERSONATION_STORAGE_KEYS } from '../../../shared/catalogue/accounts.ts';
import { startAuthSync } from '../lib/auth-state.ts';
import { api } from '../lib/api.ts';
import { appStore } from './app-store.ts';
import { loadScreenCode, signedInScreens } from './router.tsx';

vi.mock('../lib/auth-state.ts', async (actual) => ({
  ...(await actual<object>()),
  startAuthSync: vi.fn(() => Promise.resolve()),
}));
// The reads stay on their way: what is checked is which were asked for.
vi.mock('../lib/load-supabase.ts', () => ({ loadSupabase: () => new Promise(() => undefined) }));

/** The store's queries asked for so far, by RTK Query's key (endpoint and arguments). */
const queriesAsked = () => Object.keys(appStore.getState()[api.reducerPath].queries).sort();

describe('the signed-in screens whose code loads before the first render', () => {
  it('are the addresses the server sends as an app page with their code preloaded', () => {
    expect(Object.keys(signedInScreens).sort()).toEqual(Object.keys(appShellRoutes).sort());
  });

  it('start reading the session with their code, which their route guard waits for; other pages do not', async () => {
    await loadScreenCode('/');
    await loadScreenCode('/faq');
    expect(startAuthSync).not.toHaveBeenCalled();
    await loadScreenCode('/admin/');
    expect(startAuthSync).toHaveBeenCalledTimes(1);
  });
});

describe('the portal, signed in', () => {
  it('asks for the applicant’s data, lenders and offers while the app starts, with the arguments its page reads', async () => {
    appStore.dispatch(api.util.resetApiState());
    await loadScreenCode('/portal');
    // The keys of usePortalDataQuery({ clientId: null }), usePortalOffersQuery and usePortalLendersQuery({ readOnly:
    // false }) in PortalPage: the page's queries find these requests rather than asking again.
    expect(queriesAsked()).toEqual([
      'portalData({"clientId":null})',
      'portalLenders({"readOnly":false})',
      'portalOffers({"clientId":null})',
    ]);
  });

  it('asks for nothing ahead when an officer views a client’s portal: the page reads the client’s', async () => {
    appStore.dispatch(api.util.resetApiState());
    const flags = new Map<string, string>([[IMPERSONATION_STORAGE_KEYS.clientId, 'a-client']]);
    vi.stubGlobal('window', { sessionStorage: { getItem: (key: string) => flags.get(key) ?? null } });
    try {
      await loadScreenCode('/portal');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(queriesAsked()).toEqual([]);
  });

  it('asks for nothing ahead on another screen', async () => {
    appStore.dispatch(api.util.resetApiState());
    await loadScreenCode('/admin');
    await loadScreenCode('/apply');
    expect(queriesAsked()).toEqual([]);
  });
});
