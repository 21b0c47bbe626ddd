import type { DesktopBridge } from '../../shared/ipc/channels.ts';

declare global {
  // Augmenting the DOM's Window needs interface merging; a type alias cannot do it.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    desktop?: DesktopBridge;
  }
}

/** The preload's bridge; absent when the renderer is opened outside Electron. */
export function desktopBridge(): DesktopBridge | undefined {
  return window.desktop;
}
