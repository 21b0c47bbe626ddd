/**
 * What each route may load before it is interactive, in bytes of the production build (gzip; KB is 1,000 bytes),
 * checked by tests/e2e/budgets.spec.ts in `npm test` and measured by tests/budgets/route-weight.ts. A budget
 * is set from what the route needs, with a little room: a change that crosses one fails the tests, saying by
 * how much and which chunks grew. Raising a budget is a decision, taken here, with its reason beside it (then
 * `npx tsx tests/budgets/route-weight.ts --record` records the chunk sizes the next crossing is compared with).
 *
 * Shared by every route (about 138 KB of JavaScript): React DOM's client (64 KB), the app root (Chakra's
 * styling system and the recipes the app uses, 41 KB), the router (14 KB), emotion (13 KB) and React (5 KB).
 * The CSS is the global sheet every page carries and, on a prerendered page, the page's own styles.
 */
export type RouteBudget = {
  route: string;
  /** The route's own modules (Vite manifest keys): its page and layout, which the router loads before rendering. */
  modules: readonly string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** For a signed-in route: how many script files it may load (each a request; HTTP/1.1 makes six at a time). */
  scriptFiles?: number;
};

export const routeBudgets: readonly RouteBudget[] = [
  {
    route: '/',
    modules: ['src/features/marketing/home-page.tsx'],
    // 148 KB today: the shared start-up and the home page's own 10 KB. The aim is 120 KB, which needs a lighter
    // start for public pages than hydrating the whole app; until then the budget keeps what is there from growing.
    jsGzipBytes: 150_000,
    // 8.9 KB: the global sheet and the home page's prerendered styles.
    cssGzipBytes: 10_000,
  },
  {
    route: '/apply',
    modules: ['src/app/store-layout.tsx', 'src/features/apply/apply-page.tsx'],
    // 232 KB today: the start-up, the Redux store and RTK Query (25 KB), the form library (13 KB) and the
    // checks of the application, written with zod (25 KB), and the wizard itself (8 KB).
    jsGzipBytes: 235_000,
    // 9.2 KB: the global sheet and the wizard's first step.
    cssGzipBytes: 10_000,
  },
  {
    route: '/calculator',
    modules: ['src/features/calculator/calculator-page.tsx'],
    // 156 KB today: the start-up, the input and field components, and the calculator (3 KB). No store, no zod.
    jsGzipBytes: 160_000,
    // 8.4 KB: the global sheet and the calculator's prerendered styles.
    cssGzipBytes: 10_000,
  },
  {
    route: '/portal',
    modules: ['src/app/store-layout.tsx', 'src/features/portal/portal-page.tsx'],
    // 296 KB today: the start-up, supabase-js (51 KB), the store and RTK Query (25 KB), the portal's data layer
    // (18 KB), its page (18 KB), the form library (13 KB) and the offers' wording (11 KB).
    jsGzipBytes: 300_000,
    // 5.8 KB: the global sheet (the page is rendered in the browser, its styles made there).
    cssGzipBytes: 7_000,
    // 45 today, all preloaded by the page at once (server/cli/web-build.ts, appShellDocument).
    scriptFiles: 46,
  },
  {
    route: '/admin',
    modules: ['src/app/store-layout.tsx', 'src/features/admin/admin-dashboard-page.tsx'],
    // 347 KB today: as the portal, with the dashboard (38 KB) and zod's checks of the officer's forms (25 KB).
    jsGzipBytes: 350_000,
    // 5.8 KB: the global sheet, as the portal.
    cssGzipBytes: 7_000,
    // 53 today, all preloaded by the page at once.
    scriptFiles: 54,
  },
];
