import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from './window-options.ts';

describe('main window security defaults', () => {
  it('isolates and sandboxes the renderer without Node or webviews', () => {
    const { webPreferences } = mainWindowOptions('/app/preload.cjs');
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
});
