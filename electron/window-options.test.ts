import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from './window-options.ts';

describe('main window security defaults', () => {
  it('isolates and sandboxes the renderer without Node or webviews', () => {
    const { webPreferences } = mainWindowOptions('/app/preload.cjs', { packaged: true });
    expect(webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('opens no developer tools in the installed app, and keeps them for development', () => {
    expect(mainWindowOptions('/app/preload.cjs', { packaged: true }).webPreferences.devTools).toBe(false);
    expect(mainWindowOptions('/app/preload.cjs', { packaged: false }).webPreferences.devTools).toBe(true);
  });
});
