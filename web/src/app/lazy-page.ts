import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * A route's page, loaded on demand: its code is a separate chunk fetched when the route first renders. A page
 * whose code is already here (preloaded) renders at once: through React.lazy alone it would wait for its code
 * once more behind the loading state, which React then keeps on screen for at least 300 ms.
 */
export function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  let loaded: ComponentType | undefined;
  const loading = () =>
    load().then((module) => {
      loaded = pick(module);
      return loaded;
    });
  const Lazy = lazy(async () => ({ default: await loading() }));
  function Page() {
    // Chosen when the page is first shown, then kept: one component throughout, so the page keeps its state.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy);
  }
  /** Starts fetching the page's chunk now (a protected page while its guard checks the session). */
  const preload = () =>
    loading().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(Page, { preload });
}
