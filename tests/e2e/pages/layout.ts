import type { Locator, Page } from '@playwright/test';

/**
 * The texts of the elements matched by `selector` inside `scope` that a line break splits inside a word
 * ('$1,200,00' / '0', 'Applicatio' / 'ns'): a word whose characters lie on more than one line.
 */
export function textsBrokenInsideAWord(scope: Locator, selector: string): Promise<string[]> {
  return scope.evaluate(
    (element, cellSelector) =>
      [...element.querySelectorAll(cellSelector)]
        .filter((cell) => {
          const range = document.createRange();
          const texts = [...cell.querySelectorAll('*'), cell]
            .flatMap((el) => [...el.childNodes])
            .filter((child) => child.nodeType === Node.TEXT_NODE);
          return texts.some((node) =>
            [...node.textContent!.matchAll(/\S+/g)].some((word) => {
              range.setStart(node, word.index);
              range.setEnd(node, word.index + word[0].length);
              return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
            }),
          );
        })
        .map((cell) => cell.textContent ?? ''),
    selector,
  );
}

/**
 * The wider text spacing a reader may set with their own style sheet (WCAG 1.4.12): line height 1.5 times the font
 * size, letters 0.12 and words 0.16 of it apart, 2 font sizes after each paragraph. It stays for the page's life.
 */
export async function widenTextSpacing(page: Page): Promise<void> {
  await page.addStyleTag({
    content:
      '*, *::before, *::after { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
  });
}

/**
 * What keeps a screen from reading whole at its width (WCAG 1.4.10 and 1.4.12): the page scrolling sideways, a
 * box that hides or clips part of its text, and the text of one of `separate` (elements side by side, such as the
 * wizard's step names) running into the next one's.
 */
export function unreadableText(page: Page, separate = ''): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const scrolled = document.scrollingElement?.scrollWidth ?? 0;
    if (scrolled > width) problems.push(`the page scrolls sideways: ${scrolled} > ${width}`);
    const named = (element: Element) =>
      `<${element.tagName.toLowerCase()}> "${element.textContent?.trim().slice(0, 40)}"`;
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      // Text for screen readers only (a 1-pixel clipped box) is not meant to be seen.
      if (box.width <= 1 || box.height <= 1 || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (
        (clipsX && element.scrollWidth > element.clientWidth + 1) ||
        (clipsY && element.scrollHeight > element.clientHeight + 1)
      )
        problems.push(`${named(element)} is cut off`);
    }
    const texts = selector ? [...document.querySelectorAll(selector)] : [];
    const boxes = texts.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return [...range.getClientRects()].filter((rect) => rect.width > 0);
    });
    boxes.forEach((rects, index) => {
      const next = boxes[index + 1] ?? [];
      const meets = rects.some((a) =>
        next.some((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1),
      );
      if (meets) problems.push(`${named(texts[index])} runs into ${named(texts[index + 1])}`);
    });
    return problems;
  }, separate);
}
