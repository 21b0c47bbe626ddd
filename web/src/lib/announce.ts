import { useEffect } from 'react';

let region: HTMLElement | undefined;

/** The visually hidden polite live region, added to the page the first time it is needed and kept for its life. */
function announcer(): HTMLElement {
  if (!region) {
    region = document.createElement('div');
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.dataset.announcer = '';
    Object.assign(region.style, {
      position: 'absolute',
      width: '1px',
      height: '1px',
      margin: '-1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    });
    document.body.append(region);
  }
  return region;
}

/**
 * Puts the live region on the page as a screen that announces is shown, empty: some screen readers ignore a live
 * region they had not seen before it changed, which would leave the first announcement of a visit unsaid.
 */
export function useAnnouncer(): void {
  useEffect(() => {
    announcer();
  }, []);
}

/**
 * Says a short message to screen-reader users through the live region: for outcomes whose own element is gone,
 * such as a decided application leaving its list.
 */
export function announce(message: string): void {
  const target = announcer();
  // Emptied first, so that the same message twice is still read twice.
  target.textContent = '';
  requestAnimationFrame(() => {
    target.textContent = message;
  });
}

/** The end of an announcement for a change the desktop app queued while offline (its outcome 'queued'). */
export function queuedSuffix(outcome: string): string {
  return outcome === 'queued' ? ', to be sent when the connection returns' : '';
}
