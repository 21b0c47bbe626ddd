import { useState } from 'react';

/**
 * For a button whose click waits for a request: `busy` from the click until the work has ended (done or failed),
 * given to the button's `loading`, so it shows a spinner and is disabled meanwhile (not pressed twice).
 */
export function useBusy(): [busy: boolean, run: (work: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}
