import type { Locator } from '@playwright/test';

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
