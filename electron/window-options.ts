/**
 * Secure defaults for the admin window: no Node in the renderer, isolated context, sandboxed, no
 * <webview>. What the window may load and open is guarded by window-guards.ts.
 */
export function mainWindowOptions(preloadPath: string) {
  return {
    width: 1280,
    height: 860,
    minWidth: 960,
    minHeight: 640,
    title: 'Loan Match Admin',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  } as const;
}
