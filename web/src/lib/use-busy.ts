import { useEffect, useRef, useState } from 'react';

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

/**
 * A busy button is disabled, which drops the keyboard's focus to the page. For a button that stays where it is
 * once the work is done: `pressed` (called as it is pressed) notes whether it has the focus, and the focus goes back
 * to it (`ref`) when `busy` ends, so that a keyboard user keeps their place.
 */
export function useFocusBackAfterBusy<Element extends HTMLElement>(busy: boolean) {
  const ref = useRef<Element>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (busy || !hadFocus.current) return;
    hadFocus.current = false;
    ref.current?.focus();
  }, [busy]);
  const pressed = () => {
    hadFocus.current = ref.current !== null && ref.current === document.activeElement;
  };
  return { ref, pressed };
}
