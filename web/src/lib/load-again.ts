/**
 * A module loaded on demand (a page's code, a form's rules) whose load is asked again after it failed, when the
 * connection may be back. A browser keeps a module whose fetch failed as failed (Chromium does): importing its
 * address again fails at once, without asking the network. So a later attempt imports the file that failed under
 * a new address (with a query, which the static server ignores), and the browser fetches it anew. A module loaded
 * once is not loaded again.
 */
export function loadAgainOnFailure<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined;
  let failedAddress: string | undefined;
  let attempts = 0;
  return () => {
    loading ??= (
      failedAddress
        ? (import(/* @vite-ignore */ `${failedAddress}?attempt=${(attempts += 1)}`) as Promise<Module>)
        : load()
    ).catch((error: unknown) => {
      loading = undefined;
      failedAddress ??= failedModuleAddress(error);
      throw error;
    });
    return loading;
  };
}

/**
 * The address of the module a failed import names ('Failed to fetch dynamically imported module: https://…/x.js'
 * in Chromium, 'error loading dynamically imported module: …' in Firefox), or undefined when it names none.
 */
export function failedModuleAddress(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  return /imported module:\s*(\S+?\.m?js)\b/i.exec(message)?.[1];
}
