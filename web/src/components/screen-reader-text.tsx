import type { ReactNode } from 'react';

/**
 * Words for screen readers only, such as the object of a button whose visible word is enough on screen ('Open',
 * heard as 'Open march.pdf (Bank Statements)'). A plain span with the global sheet's `sr-only` class
 * (web/src/app/theme.ts) rather than a styled Chakra element: a list shows dozens of them, and a styled element
 * works out its styles each time it renders.
 */
export function ScreenReaderText({ children }: { children: ReactNode }) {
  return <span className="sr-only">{children}</span>;
}
