/**
 * Says a short message to screen-reader users through one visually hidden polite live region (created on
 * first use, kept for the page's life): for outcomes whose own element is gone, such as a decided
 * application leaving its list.
 */
let region: HTMLElement | undefined;

export function announce(message: string): void {
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
  // Emptied first, so that the same message twice is still read twice.
  region.textContent = '';
  const target = region;
  requestAnimationFrame(() => {
    target.textContent = message;
  });
}

/** The end of an announcement for a change the desktop app queued while offline (its outcome 'queued'). */
export function queuedSuffix(outcome: string): string {
  return outcome === 'queued' ? ', to be sent when the connection returns' : '';
}
