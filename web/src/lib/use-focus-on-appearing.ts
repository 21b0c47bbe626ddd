import { useEffect, useRef } from 'react';

/**
 * For an action whose button goes away once it is done (its row changes, and the dialog that asked goes with it):
 * the keyboard's focus would be left on the page, and the next Tab would start again from the top. Each thing the
 * action can make appear has a key, and the element that says it takes `{...focusTarget(key)}` (its ref, and
 * tabIndex -1 without an outline: focusable from a script only): when a key appears while the focus is on the page,
 * that element takes the focus. When the focus is anywhere else (the change came from another tab, or the person
 * moved on), it stays there.
 */
export function useFocusOnAppearing(keys: readonly string[]): (key: string) => FocusTargetProps {
  const elements = useRef(new Map<string, HTMLElement>());
  const seen = useRef<ReadonlySet<string>>(null);
  const joined = keys.join('\n');
  useEffect(() => {
    const now = joined === '' ? [] : joined.split('\n');
    const before = seen.current;
    seen.current = new Set(now);
    if (!before || !focusLeftOnPage()) return;
    const appeared = now.find((key) => !before.has(key));
    if (appeared) elements.current.get(appeared)?.focus();
  }, [joined]);
  return (key) => ({
    ref: (element) => {
      if (element) elements.current.set(key, element);
      else elements.current.delete(key);
    },
    tabIndex: -1,
    outline: 'none',
  });
}

type FocusTargetProps = { ref: (element: HTMLElement | null) => void; tabIndex: -1; outline: 'none' };

/**
 * Whether the keyboard's focus is on the page itself (its element went away, or nothing took it), or on an element
 * around `within` (a tap on a disabled field focuses the landmark around it).
 */
export function focusLeftOnPage(within?: Element): boolean {
  const focused = document.activeElement;
  return !focused || focused === document.body || (within !== undefined && focused.contains(within));
}
