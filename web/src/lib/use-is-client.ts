import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while a page prerendered at build time hydrates (and in the prerender itself), true afterwards and
 * on every client-side render. Lets a component read browser-only state (storage) without a hydration
 * mismatch: render what the prerender rendered first, then the browser's own state.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
