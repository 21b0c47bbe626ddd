import { describe, expect, it, vi } from 'vitest';
import { appShellRoutes } from '../../../server/cli/web-build.ts';
import { startAuthSync } from '../lib/auth-state.ts';
import { loadScreenCode, signedInScreens } from './router.tsx';

vi.mock('../lib/auth-state.ts', async (actual) => ({
  ...(await actual<object>()),
  startAuthSync: vi.fn(() => Promise.resolve()),
}));

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
