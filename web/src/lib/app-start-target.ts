/** The window as a form page's start-up script leaves it (AppStart 'at-first-input' in server/cli/web-build.ts). */
type WindowWithStartTarget = Window & { __appStartTarget?: EventTarget | null };

/**
 * The control a visitor pressed or focused within `form` on a prerendered form page to start its app (a label stands
 * for its control), taken once: that press found the control disabled, so the app gives it the focus instead.
 */
export function takeAppStartTarget(form: Element): HTMLElement | undefined {
  const started = window as WindowWithStartTarget;
  const target = started.__appStartTarget;
  const control = target instanceof HTMLLabelElement ? target.control : target;
  if (!(control instanceof HTMLElement) || !form.contains(control)) return undefined;
  started.__appStartTarget = null;
  return control;
}
