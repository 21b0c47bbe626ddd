import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Where the focus is and whether a sighted keyboard user can see it: shown by an outline or a ring (WCAG 2.4.7),
 * and not hidden under something else of the page, such as a sticky header or an open menu (2.4.11). The check is
 * the one a person makes: the point at the middle of the focused control is the control (or inside it).
 */
export async function focusShownAndUnobscured(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return 'nothing focused';
    const name = `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`;
    // A heading given the focus by the app (a step or a dialog) is a starting point for reading, not a control.
    if (focused.tabIndex === -1) return 'ok';
    const style = getComputedStyle(focused);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    if (!ring && !shadow) return `${name}: no focus indicator`;
    const box = focused.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return `${name}: out of view`;
    const top = document.elementFromPoint(x, y);
    if (top && (focused === top || focused.contains(top) || top.contains(focused))) return 'ok';
    return `${name}: covered by ${top?.tagName.toLowerCase()} ${top?.className}`;
  });
}

/** Whether the focus is on `area` or inside it (a dialog, a menu). */
export function hasFocusWithin(area: Locator): Promise<boolean> {
  return area.evaluate((element) => element.contains(document.activeElement));
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through a page; with
 * `checkEachStop`, every control passed on the way must show its focus, unobscured.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { key?: 'Tab' | 'Shift+Tab'; limit?: number; checkEachStop?: boolean } = {},
): Promise<void> {
  const { key = 'Tab', limit = 40, checkEachStop = false } = options;
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press(key);
    if (checkEachStop) expect(await focusShownAndUnobscured(page)).toBe('ok');
  }
  await expect(target).toBeFocused();
}

/** Types into the focused field, then Tab to the next. */
export async function typeAndTab(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}
