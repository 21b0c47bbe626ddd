/**
 * What each route may load before it is interactive, in bytes of the production build (gzip; KB is 1,000 bytes),
 * checked by tests/e2e/budgets.spec.ts in `npm test` and measured by tests/budgets/route-weight.ts. A budget
 * is set from what the route needs, with a little room: a change that crosses one fails the tests, saying by
 * how much and which chunks grew. Raising a budget is a decision, taken here, with its reason beside it (then
 * `npx tsx tests/budgets/route-weight.ts --record` records the chunk sizes the next crossing is compared with).
 *
 * Shared by every route that needs the app (about 145 KB of JavaScript), in three files (see
 * server/cli/chunk-groups.ts): React DOM's client (65 KB); the app root with what it imports (app-root: Chakra's
 * styling system and the recipes the app uses, emotion, the router, the brand's wording and the small modules many
 * pages share; 75 KB); and the start-up (5 KB). A public page usable with no script (the home page), and a form
 * page whose app starts at the visitor's first input (the wizard, the calculator), load none of it before they are
 * interactive, only later (laterJsGzipBytes). The CSS is the global sheet every page carries and, on a prerendered
 * page, the page's own styles.
 */
export type RouteBudget = {
  route: string;
  /** The route's own modules (Vite manifest keys): its page and layout, which the router loads before rendering. */
  modules: readonly string[];
  jsGzipBytes: number;
  /**
   * For a page usable with no script (routesUsableWithoutScript in web/src/entry-prerender.tsx): the app it loads
   * afterwards, when needed (a stored session, the visitor's first input), to take over navigation and show who is
   * signed in. For a form page (formRoutesStartedAtFirstInput there): the app that makes its form usable, loaded at
   * the visitor's first input.
   */
  laterJsGzipBytes?: number;
  cssGzipBytes: number;
  /** For a signed-in route: how many script files it may load (each a request; HTTP/1.1 makes six at a time). */
  scriptFiles?: number;
};

export const routeBudgets: readonly RouteBudget[] = [
  {
    route: '/',
    modules: ['src/features/marketing/home-page.tsx'],
    // 0.5 KB today: the home page is usable with no script (its links, its menu a native popover), so before it is
    // interactive it loads only its inline start-up script. More means the page needs a script to be used.
    jsGzipBytes: 1_000,
    // 147.3 KB today, when needed: the shared start-up and the home page's own 3 KB, which take over
    // navigation and show who is signed in.
    laterJsGzipBytes: 150_000,
    // 9.3 KB: the global sheet and the home page's prerendered styles (its drawer's among them).
    cssGzipBytes: 10_000,
  },
  {
    route: '/apply',
    modules: ['src/app/store-layout.tsx', 'src/features/apply/apply-page.tsx'],
    // 0.5 KB today: only its inline start-up script; the app starts at the visitor's first input.
    jsGzipBytes: 1_000,
    // 231 KB today, at the first input: the start-up, the Redux store and RTK Query (25 KB), the form library
    // (13 KB) and the checks of the application, written with zod (25 KB), and the wizard itself (8 KB).
    laterJsGzipBytes: 235_000,
    // 9.2 KB: the global sheet and the wizard's first step.
    cssGzipBytes: 10_000,
  },
  {
    route: '/calculator',
    modules: ['src/features/calculator/calculator-page.tsx'],
    // 0.5 KB today: only its inline start-up script; the app starts at the visitor's first input.
    jsGzipBytes: 1_000,
    // 153 KB today, at the first input: the start-up, the input and field components, and the calculator (3 KB). No
    // store, no zod.
    laterJsGzipBytes: 160_000,
    // 8.4 KB: the global sheet and the calculator's prerendered styles.
    cssGzipBytes: 10_000,
  },
  {
    route: '/portal',
    modules: ['src/app/store-layout.tsx', 'src/features/portal/portal-page.tsx'],
    // 255 KB today: the start-up, supabase-js (35 KB, without the realtime client the app never uses: see
    // web/src/lib/no-realtime.ts; with it, 51 KB), the store and RTK Query (25 KB), the portal's page and data
    // layer (about 40 KB), the form library (13 KB) and the offers' wording (10 KB). Its dialogs' code (Chakra's
    // dialog and its state machines, 20 KB) loads when one is first about to open (components/action-dialog.tsx).
    jsGzipBytes: 262_000,
    // 5.8 KB: the global sheet (the page is rendered in the browser, its styles made there).
    cssGzipBytes: 7_000,
    // 11 today, all preloaded by the page at once (server/cli/web-build.ts, appShellDocument); the build groups
    // its small chunks (server/cli/chunk-groups.ts), which made them 41 files before.
    scriptFiles: 12,
  },
  {
    route: '/admin',
    modules: ['src/app/store-layout.tsx', 'src/features/admin/admin-dashboard-page.tsx'],
    // 316 KB today: as the portal, with the dashboard (38 KB) and zod's checks of the officer's forms (25 KB).
    jsGzipBytes: 322_000,
    // 5.8 KB: the global sheet, as the portal.
    cssGzipBytes: 7_000,
    // 14 today, all preloaded by the page at once (50 before the build grouped its small chunks).
    scriptFiles: 15,
  },
];
