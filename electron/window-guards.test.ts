import { describe, expect, it } from 'vitest';
import {
  denyAllPermissions,
  guardWindow,
  isAppUrl,
  isSafeExternalUrl,
  type GuardedWebContents,
  type NavigationEvent,
  type PermissionSession,
} from './window-guards.ts';

type Listener = (event: NavigationEvent) => void;

/**
 * Stands in for a BrowserWindow's webContents (Electron cannot run on this machine): it keeps the handlers
 * the guard installs and fires them the way Electron does.
 */
function fakeWebContents() {
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const listeners = new Map<string, Listener[]>();
  const contents = {
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
      openHandler = handler;
    },
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return contents;
    },
  } as GuardedWebContents;
  return {
    contents,
    windowOpen: (url: string) => openHandler!({ url }),
    /** Fires an event; true when a listener stopped it. */
    fire(event: string, url: string): boolean {
      let prevented = false;
      for (const listener of listeners.get(event) ?? []) listener({ url, preventDefault: () => (prevented = true) });
      return prevented;
    },
  };
}

function guarded() {
  const fake = fakeWebContents();
  const opened: string[] = [];
  guardWindow(fake.contents, async (url) => {
    opened.push(url);
  });
  return { ...fake, opened };
}

describe('window guards', () => {
  it('recognises only app://admin pages as the app', () => {
    expect(isAppUrl('app://admin/index.html')).toBe(true);
    expect(isAppUrl('app://admin/admin/applications/42')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
    expect(isAppUrl('file:///app/dist/desktop/index.html')).toBe(false);
    expect(isAppUrl('http://localhost:3000/admin')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });

  it('hands only https, mailto and tel links to the operating system', () => {
    expect(isSafeExternalUrl('https://calendly.com/x')).toBe(true);
    expect(isSafeExternalUrl('mailto:loans@example.com')).toBe(true);
    expect(isSafeExternalUrl('mailto:loans@example.com?Subject=Your%20file&body=Hello&cc=a@example.com')).toBe(true);
    // A mail program may read other fields of the link, such as a local file to attach.
    expect(isSafeExternalUrl('mailto:x@example.com?attach=C:%5CUsers%5Cofficer%5Ccache.sqlite')).toBe(false);
    expect(isSafeExternalUrl('mailto:x@example.com?subject=Hi&Attachment=/etc/passwd')).toBe(false);
    expect(isSafeExternalUrl('tel:+15550104200')).toBe(true);
    expect(isSafeExternalUrl('http://example.com')).toBe(false);
    expect(isSafeExternalUrl('https://user:pass@example.com')).toBe(false);
    expect(isSafeExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isSafeExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeExternalUrl('smb://share/x')).toBe(false);
    expect(isSafeExternalUrl('app://admin/index.html')).toBe(false);
  });

  it('opens no window: an https link (target=_blank, window.open) goes to the system browser', () => {
    const { windowOpen, opened } = guarded();
    expect(windowOpen('https://www.sba.gov/')).toEqual({ action: 'deny' });
    expect(windowOpen('mailto:loans@example.com')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://www.sba.gov/', 'mailto:loans@example.com']);
  });

  it.each(['about:blank', '', 'http://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'app://admin/x'])(
    'opens nothing at all for window.open(%j)',
    (url) => {
      const { windowOpen, opened } = guarded();
      expect(windowOpen(url)).toEqual({ action: 'deny' });
      expect(opened).toEqual([]);
    },
  );

  it('lets the window move between app pages', () => {
    const { fire } = guarded();
    expect(fire('will-navigate', 'app://admin/index.html')).toBe(false);
    expect(fire('will-frame-navigate', 'app://admin/admin/applications')).toBe(false);
    expect(fire('will-redirect', 'app://admin/index.html')).toBe(false);
  });

  it('stops a navigation away from the app, handing an https link to the system browser', () => {
    const { fire, opened } = guarded();
    expect(fire('will-navigate', 'https://evil.example/phish')).toBe(true);
    expect(fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(fire('will-navigate', 'http://localhost:3000/admin')).toBe(true);
    expect(opened).toEqual(['https://evil.example/phish']);
  });

  it('stops frames and redirects leaving the app, without opening anything', () => {
    const { fire, opened } = guarded();
    expect(fire('will-frame-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(opened).toEqual([]);
  });

  it('never attaches a webview', () => {
    const { fire } = guarded();
    expect(fire('will-attach-webview', 'app://admin/index.html')).toBe(true);
  });

  it('keeps going when the system cannot open a link', async () => {
    const fake = fakeWebContents();
    guardWindow(fake.contents, () => Promise.reject(new Error('no browser')));
    expect(fake.windowOpen('https://www.sba.gov/')).toEqual({ action: 'deny' });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

describe('permissions', () => {
  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'hid', 'unknown'])(
    'refuses a request for %s and answers no to its check',
    (permission) => {
      // Stands in for Electron's session (Electron cannot run on this machine).
      let request: Parameters<PermissionSession['setPermissionRequestHandler']>[0] | undefined;
      let check: Parameters<PermissionSession['setPermissionCheckHandler']>[0] | undefined;
      denyAllPermissions({
        setPermissionRequestHandler: (handler) => (request = handler),
        setPermissionCheckHandler: (handler) => (check = handler),
      });
      const answers: boolean[] = [];
      request!({}, permission, (granted) => answers.push(granted));
      expect(answers).toEqual([false]);
      expect(check!({}, permission)).toBe(false);
    },
  );
});
