import { useEffect } from 'react';

/**
 * While `busy`, leaving the page (a reload, closing the tab, typing another address) asks first with the browser's
 * own prompt: what is still on its way, such as an upload, would otherwise be dropped without a word. Links inside
 * the app keep the page loaded, and with it what is on its way.
 */
export function useAsksBeforeLeaving(busy: boolean): void {
  useEffect(() => {
    if (!busy) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [busy]);
}
