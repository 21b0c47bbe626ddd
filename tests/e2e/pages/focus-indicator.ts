import type { Locator } from '@playwright/test';

/** What a control's keyboard focus indicator is drawn in, and its contrast with the colour beside it. */
export type FocusIndicator = {
  /** The focused control, for a readable failure ('input#email'). */
  control: string;
  /** The indicator's colour (the outline, else the first colour of the box shadow): '' when there is none. */
  color: string;
  /** The colour it is drawn against. */
  against: string;
  /** WCAG's contrast ratio of the two (1 to 21). */
  ratio: number;
};

/**
 * Focuses `control` as the keyboard would (a key pressed first, so the browser shows :focus-visible) and measures
 * its focus indicator: the outline's colour when it has one, else the box shadow's, against the background behind
 * the control (the first opaque background of its ancestors, white at the top) and, for a ring drawn inside its
 * edge, against the control's own background too (the lower of the two). WCAG 2.2 asks 3:1 (1.4.11, 2.4.13).
 */
export async function focusIndicator(control: Locator): Promise<FocusIndicator> {
  await control.page().keyboard.press('Shift');
  await control.focus();
  return control.evaluate((element) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba | null => {
      const match = /rgba?\(([^)]+)\)/.exec(css);
      if (!match) return null;
      const [r = 0, g = 0, b = 0, a = 1] = match[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r, g, b, a];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (x: Rgba, y: Rgba) => {
      const [light, dark] = [luminance(x), luminance(y)].sort((p, q) => q - p);
      return (light! + 0.05) / (dark! + 0.05);
    };
    const behind = (from: Element | null): Rgba => {
      for (let node = from; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour && colour[3] > 0) return colour[3] === 1 ? colour : over(colour, behind(node.parentElement));
      }
      return [255, 255, 255, 1];
    };
    const style = getComputedStyle(element);
    const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}[${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''}]`;
    if (!element.matches(':focus-visible')) return { control: label, color: '', against: '', ratio: 0 };
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow === 'none' ? null : parse(style.boxShadow);
    const drawn = outlined ? parse(style.outlineColor) : shadow;
    if (!drawn) return { control: label, color: '', against: '', ratio: 0 };
    const outside = behind(element.parentElement);
    const inside = outlined ? parseFloat(style.outlineOffset) < 0 : style.boxShadow.includes('inset');
    const own = parse(style.backgroundColor);
    const backgrounds = [outside, ...(inside && own && own[3] > 0 ? [over(own, outside)] : [])];
    const ratios = backgrounds.map((background) => ({
      background,
      ratio: contrast(over(drawn, background), background),
    }));
    const worst = ratios.sort((p, q) => p.ratio - q.ratio)[0]!;
    return {
      control: label,
      color: outlined ? style.outlineColor : style.boxShadow,
      against: `rgb(${worst.background.slice(0, 3).join(', ')})`,
      ratio: Math.round(worst.ratio * 100) / 100,
    };
  });
}
