import { createElement, lazy, useState, type ComponentType } from 'react';
import { loadAgainOnFailure } from './load-again.ts';

/**
 * A component loaded on demand (a route's page, a dialog's window): its code is a separate chunk fetched when it
 * first renders, or earlier through `preload`. One whose code is already here renders at once: through React.lazy
 * alone it would wait for its code once more behind the loading state (Suspense), which React then keeps on screen
 * for at least 300 ms.
 */
export function lazyComponent<Module, Props extends object = object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
) {
  let loaded: ComponentType<Props> | undefined;
  // A failed load is asked again next time (the connection may be back), a successful one never twice.
  const loadModule = loadAgainOnFailure(load);
  const fetchCode = () => loadModule().then((module) => (loaded = pick(module)));
  const Lazy = lazy(async () => ({ default: await fetchCode() }));
  function Loaded(props: Props) {
    // Chosen when first shown, then kept: one component throughout, so it keeps its state.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  /** Starts fetching the code now (a protected page while its guard checks the session, a dialog about to open). */
  const preload = () =>
    fetchCode().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(Loaded, { preload });
}
