import { appHost, appScheme } from './app-protocol.ts';

/** A page of the app itself (app://admin/...): the only kind the window loads. */
export function isAppUrl(target: string): boolean {
  try {
    const url = new URL(target);
    return url.protocol === `${appScheme}:` && url.host === appHost;
  } catch {
    return false;
  }
}

/** What a mailto: link may carry besides its addresses: a mail program may read others (attach=, a local file). */
const mailtoFields = new Set(['subject', 'body', 'cc', 'bcc']);

/** Links the app may hand to the operating system: web pages over https, e-mail and phone links. */
export function isSafeExternalUrl(target: string): boolean {
  try {
    const url = new URL(target);
    if (url.protocol === 'https:') return url.host !== '' && !url.username && !url.password;
    if (url.protocol === 'mailto:')
      return [...url.searchParams.keys()].every((key) => mailtoFields.has(key.toLowerCase()));
    return url.protocol === 'tel:';
  } catch {
    return false;
  }
}

/** The event Electron passes to will-navigate, will-frame-navigate and will-redirect listeners. */
export type NavigationEvent = { url: string; preventDefault(): void };

/**
 * The part of a BrowserWindow's webContents the guards need (passed in, so they run and are tested in
 * Node; the real one is Electron's, which cannot run on this machine).
 */
export type GuardedWebContents = {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (details: NavigationEvent) => void): unknown;
  on(event: 'will-frame-navigate', listener: (details: NavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (details: NavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
};

/**
 * Keeps the window on the app's own pages:
 * - window.open and target=_blank never open a window; an https, mailto or tel link goes to the system
 *   browser (or mail and phone apps) through `openExternal` (Electron's shell.openExternal), anything else
 *   is dropped;
 * - a navigation of the page or any frame away from app:// is stopped (a clicked https link is handed to
 *   the system browser instead), and so is a redirect;
 * - no <webview> is ever attached.
 */
export function guardWindow(contents: GuardedWebContents, openExternal: (url: string) => Promise<void>): void {
  const handOut = (url: string) => {
    if (isSafeExternalUrl(url)) openExternal(url).catch(() => undefined);
  };
  contents.setWindowOpenHandler(({ url }) => {
    handOut(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    handOut(event.url);
  });
  const stayInApp = (event: NavigationEvent) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  };
  contents.on('will-frame-navigate', stayInApp);
  contents.on('will-redirect', stayInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The part of Electron's session the permission guard needs. */
export type PermissionSession = {
  setPermissionRequestHandler(
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
};

/**
 * The admin app needs no camera, microphone, location, notifications, clipboard reading, MIDI, HID or any
 * other permission a page can ask for: every request is refused, and every check answers no.
 */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
