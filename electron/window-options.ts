/**
 * Secure defaults for the admin window: no Node in the renderer, isolated context, sandboxed, no
 * <webview>. What the window may load and open is guarded by window-guards.ts. The installed app (`packaged`)
 * opens no developer tools: with them, whoever sits at the officer's computer could call the window's desktop
 * channels by hand (npm run desktop keeps them, for development).
 */
export function mainWindowOptions(preloadPath: string, { packaged }: { packaged: boolean }) {
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
      devTools: !packaged,
    },
  } as const;
}
