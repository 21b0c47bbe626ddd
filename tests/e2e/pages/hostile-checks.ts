import { expect, type Locator, type Page } from '@playwright/test';
import { PWNED_FLAG } from '../../../shared/testing/hostile-input.ts';

/**
 * What a screen showing hostile input (shared/testing/hostile-input.ts) must never do, checked from the outside:
 * run it (window.__pwned set, a dialog opened, the Content-Security-Policy refusing an inline script or handler
 * the page tried), turn it into elements (an <img>, <script> or <svg> it names, an on* handler attribute, a
 * javascript: link), or lose it (not shown as the text it is, or pushed past the edge of the screen).
 */
export class HostileChecks {
  private readonly dialogs: string[] = [];

  constructor(readonly page: Page) {
    page.on('dialog', (dialog) => {
      this.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
  }

  /** Starts watching (before the first page load): CSP refusals are recorded as they happen. */
  async watch(): Promise<void> {
    await this.page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber} ${event.sample}`),
      );
    });
  }

  /** Nothing ran and nothing became markup, in the whole page (the container too, with its portals). */
  async expectNothingRan(): Promise<void> {
    const found = await this.page.evaluate(
      (flag) => ({
        pwned: (window as unknown as Record<string, unknown>)[flag],
        cspViolations: (window as { __cspViolations?: string[] }).__cspViolations ?? [],
        injected: [
          ...document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload], [onclick], [onmouseover]'),
        ].map((element) => element.outerHTML.slice(0, 80)),
        scripts: [...document.scripts].filter((script) => script.text.includes(flag)).length,
        javascriptLinks: [...document.querySelectorAll('a[href], area[href], form[action], iframe[src]')]
          .map(
            (element) => element.getAttribute('href') ?? element.getAttribute('action') ?? element.getAttribute('src'),
          )
          .filter((url) => /^\s*javascript:/i.test(url ?? '')),
      }),
      PWNED_FLAG,
    );
    expect(found).toEqual({ pwned: undefined, cspViolations: [], injected: [], scripts: 0, javascriptLinks: [] });
    expect(this.dialogs).toEqual([]);
  }

  /** Each value is (or soon is) in the container's text exactly as typed (its characters, in order, not markup). */
  async expectShownAsText(container: Locator, values: readonly string[]): Promise<void> {
    const text = () => container.evaluate((element) => element.textContent ?? '');
    for (const value of values) {
      await expect.poll(text, { message: `${value.slice(0, 60)}… shown as text` }).toContain(value);
    }
  }

  /**
   * Long values wrap: the page does not scroll sideways, and each element whose own text holds a long run of W's
   * (the 10,000-character payload) fits its box and lies inside the screen and inside every box around it that
   * scrolls or clips (so none of it is cut off or needs scrolling to read).
   */
  async expectWrapped(container: Locator): Promise<void> {
    await expect(container).toBeVisible();
    const overflowing = await container.evaluate((root) => {
      const viewport = document.documentElement.clientWidth;
      const problems: string[] = [];
      if (document.documentElement.scrollWidth > viewport + 1) {
        problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${viewport}`);
      }
      const longRun = 'W'.repeat(50);
      const holders = [root, ...root.querySelectorAll('*')].filter((element) =>
        [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.includes(longRun)),
      );
      for (const holder of holders) {
        const name = `<${holder.tagName.toLowerCase()} class="${holder.getAttribute('class') ?? ''}">`;
        const box = holder.getBoundingClientRect();
        // Text for screen readers only (a 1-pixel clipped box) is not meant to be seen.
        if (box.width <= 1 && box.height <= 1) continue;
        if (holder.clientWidth > 0 && holder.scrollWidth > holder.clientWidth + 1) {
          problems.push(`${name} is ${holder.scrollWidth} px wide inside ${holder.clientWidth} px`);
        }
        if (box.left < -1 || box.right > viewport + 1) {
          problems.push(`${name} spans ${Math.round(box.left)}-${Math.round(box.right)} px of ${viewport}`);
        }
        for (let around = holder.parentElement; around; around = around.parentElement) {
          if (getComputedStyle(around).overflowX === 'visible') continue;
          const frame = around.getBoundingClientRect();
          if (box.left < frame.left - 1 || box.right > frame.right + 1) {
            problems.push(
              `${name} reaches past the ${getComputedStyle(around).overflowX} <${around.tagName.toLowerCase()}>`,
            );
          }
        }
      }
      return problems.slice(0, 5);
    });
    expect(overflowing).toEqual([]);
  }

  /** The whole page (dialogs, which sit outside <main>, too): nothing ran or became markup, long values wrap. */
  async expectInert(): Promise<void> {
    await this.expectWrapped(this.page.locator('body'));
    await this.expectNothingRan();
  }

  /** All of the above for one container. */
  async expectSafe(container: Locator, values: readonly string[]): Promise<void> {
    await this.expectShownAsText(container, values);
    await this.expectWrapped(container);
    await this.expectNothingRan();
  }
}
