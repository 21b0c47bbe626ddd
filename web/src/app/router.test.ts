import { describe, expect, it } from 'vitest';
import { appShellRoutes } from '../../../server/cli/web-build.ts';
import { signedInScreens } from './router.tsx';

describe('the signed-in screens whose code loads before the first render', () => {
  it('are the addresses the server sends as an app page with their code preloaded', () => {
    expect(Object.keys(signedInScreens).sort()).toEqual(Object.keys(appShellRoutes).sort());
  });
});
