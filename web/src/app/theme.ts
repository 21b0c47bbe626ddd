import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  visuallyHiddenStyle,
  type SystemContext,
} from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  dialogSlotRecipe,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

const systemFont = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * The colour palettes the app and its recipes use. Every palette adds some 30 CSS variables that
 * createSystem computes when the app starts (on a phone, about a third of its time went to the unused
 * yellow, teal, cyan, purple and pink); add a palette here before using it.
 */
const palettes = ['gray', 'red', 'orange', 'green', 'blue'] as const;
const otherColors = ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha'] as const;
const semanticColorGroups = ['bg', 'fg', 'border'] as const;

function pick<T extends object>(source: T | undefined, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(source ?? {}).filter(([key]) => keys.includes(key))) as Partial<T>;
}

/**
 * Semantic tokens with their light value only. The product has no dark mode; each { _light, _dark } pair
 * made createSystem compute a second, never used set of variables under `.dark` at every start.
 */
function lightOnly<T>(tokenTree: T): T {
  if (typeof tokenTree !== 'object' || tokenTree === null) return tokenTree;
  const entries = Object.entries(tokenTree).map(([key, child]) => {
    if (key === 'value' && typeof child === 'object' && child !== null && '_light' in child) {
      return [key, (child as { _light: unknown })._light];
    }
    return [key, lightOnly(child)];
  });
  return Object.fromEntries(entries) as T;
}

/**
 * Chakra's default tokens with only the component recipes the app renders (Chakra's documented
 * "bundle optimization" setup: createSystem(defaultBaseConfig, ...) instead of the full defaultConfig,
 * whose 80-odd recipes all land in the first-paint bundle). A component whose recipe is missing here
 * renders unstyled: add its recipe (from '@chakra-ui/react/theme') when a feature starts using it.
 */
const config = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  // Text people typed (a business name, a note) can be one 10,000-character word: it wraps rather than
  // pushing the page wider than the window. A table's column headers are our own words: they wrap only
  // between words ('Consultation', not 'Consultatio/n' when the table is narrow).
  // `.sr-only` hides text from the screen but not from screen readers (components/screen-reader-text.tsx), with
  // Chakra's own visually-hidden rules.
  globalCss: {
    ...globalCss,
    'main, main *': { overflowWrap: 'anywhere' },
    'main th': { overflowWrap: 'normal' },
    '.sr-only': visuallyHiddenStyle,
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      colors: pick(tokens.colors, [...otherColors, ...palettes]),
      fonts: { ...tokens.fonts, heading: { value: systemFont }, body: { value: systemFont } },
    },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: {
        ...pick(semanticTokens.colors, [...semanticColorGroups, ...palettes]),
        // WCAG AA (4.5:1 on white): red.500 error text is 3.8:1, red.600 is 4.8:1.
        fg: { ...semanticTokens.colors?.fg, error: { value: '{colors.red.600}' } },
        // Solid blue buttons lighten on hover (solid/90); from blue.700 white text stays above 4.5:1.
        // Focus rings at 3:1 or more on white (WCAG 1.4.11): Chakra's gray.400 (the text fields' ring) is 2.6:1,
        // green.500 2.3:1, orange.500 2.8:1. A gray control's ring is the app's blue, as a blue one's.
        blue: {
          ...semanticTokens.colors?.blue,
          solid: { value: '{colors.blue.700}' },
          focusRing: { value: '{colors.blue.600}' },
        },
        gray: { ...semanticTokens.colors?.gray, focusRing: { value: '{colors.blue.600}' } },
        // White words on a solid button at 4.5:1 or more, hovered (solid/90) too: Chakra's green.600 is 3.3:1
        // (the Approve dialog's button), orange.600 3.6:1, red.600 4.8:1 but 4.2:1 hovered.
        green: {
          ...semanticTokens.colors?.green,
          solid: { value: '{colors.green.800}' },
          focusRing: { value: '{colors.green.700}' },
        },
        orange: {
          ...semanticTokens.colors?.orange,
          solid: { value: '{colors.orange.800}' },
          focusRing: { value: '{colors.orange.700}' },
        },
        red: {
          ...semanticTokens.colors?.red,
          solid: { value: '{colors.red.700}' },
          focusRing: { value: '{colors.red.600}' },
        },
      },
    }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
    },
  },
});

let system: SystemContext | undefined;

/**
 * The styling system, built on first use. createSystem takes tens of milliseconds (several times that on a
 * phone), so the browser's start-up builds it in a task of its own (main.tsx) rather than while the bundle
 * is evaluated.
 */
export function appSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, config);
  return system;
}

let systemForStyledDocument: SystemContext | undefined;

/**
 * The styling system for a page whose <head> already holds the global CSS (the CSS reset, global styles and
 * the token variables, about 26 KB), as every page of the web build does (globalStyleSheet in
 * entry-prerender.tsx): ChakraProvider then adds no global styles, so the browser never computes them.
 * Chakra computes them inside createSystem; patches/@chakra-ui+react+*.patch defers that to the first read
 * of `_global`, which this system never does (about half of createSystem's time at start-up).
 */
export function appSystemForStyledDocument(): SystemContext {
  const base = appSystem();
  systemForStyledDocument ??= Object.create(base, {
    _global: { value: [] },
    // Read by ChakraProvider only, to skip its Global with the cascade layers' order (in the sheet too).
    _config: { value: { ...base._config, disableLayers: true } },
  }) as SystemContext;
  return systemForStyledDocument;
}
