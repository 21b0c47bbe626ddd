import { startTransition, useEffect, useState } from 'react';

/**
 * Set once the first page is live in the browser (hydrated, or rendered without a prerender): components
 * mounted from then on are client renders. Not set earlier, because parts of a prerendered page (a lazy
 * page behind Suspense) hydrate after the rest and must still match their HTML.
 */
let appLive = false;

/**
 * False while a page prerendered at build time hydrates (and in the prerender itself), true afterwards and
 * on every client-side render. Lets a component read browser-only state (storage) without a hydration
 * mismatch: render what the prerender rendered first, then the browser's own state.
 *
 * The switch after hydration is a transition, so React renders it in small slices: it re-renders whole
 * forms, which done in one go blocked the main thread for a few hundred milliseconds on a phone.
 */
export function useIsClient(): boolean {
  const [isClient, setIsClient] = useState(appLive);
  useEffect(() => {
    if (!isClient) startTransition(() => setIsClient(true));
  }, [isClient]);
  return isClient;
}

/** Records that the first page is live (see appLive). */
export function markAppLive(): void {
  appLive = true;
}
