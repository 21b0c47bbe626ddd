import { describe, expect, it } from 'vitest';
import { isAllowedNavigation, isSafeExternalUrl, mainWindowOptions } from './window-options.ts';

describe('main window security defaults', () => {
  it('isolates and sandboxes the renderer without Node', () => {
    const { webPreferences } = mainWindowOptions('/app/preload.cjs');
    expect(webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
    });
  });

  it('allows navigation only within the app', () => {
    expect(isAllowedNavigation('http://localhost:5173/admin', 'http://localhost:5173/')).toBe(true);
    expect(isAllowedNavigation('https://evil.example/', 'http://localhost:5173/')).toBe(false);
    expect(isAllowedNavigation('file:///app/dist/desktop/index.html', 'file:///app/dist/desktop/index.html')).toBe(
      true,
    );
    expect(isAllowedNavigation('https://example.com', 'file:///app/index.html')).toBe(false);
    expect(isAllowedNavigation('not a url', 'http://localhost:5173/')).toBe(false);
  });

  it('hands only https, mailto and tel links to the operating system', () => {
    expect(isSafeExternalUrl('https://calendly.com/x')).toBe(true);
    expect(isSafeExternalUrl('mailto:loans@example.com')).toBe(true);
    expect(isSafeExternalUrl('tel:+15550104200')).toBe(true);
    expect(isSafeExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isSafeExternalUrl('javascript:alert(1)')).toBe(false);
  });
});
