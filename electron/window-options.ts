/** Secure defaults for the admin window: no Node in the renderer, isolated context, sandboxed. */
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
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: true,
    },
  } as const;
}

/** Only our own pages load inside the window; any other navigation is refused (links open outside). */
export function isAllowedNavigation(target: string, appUrl: string): boolean {
  try {
    const url = new URL(target);
    const app = new URL(appUrl);
    if (app.protocol === 'file:') return url.protocol === 'file:';
    return url.origin === app.origin;
  } catch {
    return false;
  }
}

/** External links the renderer may hand to the operating system. */
export function isSafeExternalUrl(target: string): boolean {
  try {
    const url = new URL(target);
    return url.protocol === 'https:' || url.protocol === 'mailto:' || url.protocol === 'tel:';
  } catch {
    return false;
  }
}
