import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A copy of `params` with each change applied: a value sets its key, null removes it. */
export function withChanges(
  params: URLSearchParams,
  changes: Readonly<Record<string, string | null>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * Addresses written in a row before the router shows them (it shows a new address in a transition, after other
 * updates): the next change starts from the last one written, not from the address shown, or it would write an
 * older one back. `written` is what was written, oldest first.
 */
export function startingAddress(written: readonly string[], shown: URLSearchParams): URLSearchParams {
  const latest = written.at(-1);
  return latest === undefined ? shown : new URLSearchParams(latest);
}

/**
 * What is still to show once the router shows `shown`: the addresses written after it; none when it is the last
 * written, or when it is none of them (the browser's Back, a link), which the next change then starts from.
 */
export function stillToShow(written: readonly string[], shown: URLSearchParams): string[] {
  const at = written.indexOf(shown.toString());
  return at === -1 ? [] : written.slice(at + 1);
}

/** Changes some of the address's search parameters: a value sets its key, null removes it. */
export type UpdateSearchParams = (
  changes: Readonly<Record<string, string | null>>,
  options?: { replace?: boolean },
) => void;

/**
 * The address's search parameters and a function that changes some of them, the same at every render. The router
 * shows a new address in a transition, after other updates: a change made before the last one shows (a search that
 * settles just after a click on View or on a list) starts from the last address written, or it would write the
 * older one back (closing the detail just opened, or bringing back the search before the one typed).
 */
export function useSearchParamsUpdate(): [URLSearchParams, UpdateSearchParams] {
  const [params, setParams] = useSearchParams();
  const latest = useRef({ params, setParams, written: [] as string[] });
  // Layout effects, so that the page's own effects, which run after them, change the address shown.
  useLayoutEffect(() => {
    latest.current.setParams = setParams;
  }, [setParams]);
  useLayoutEffect(() => {
    latest.current.params = params;
    latest.current.written = stillToShow(latest.current.written, params);
  }, [params]);
  const update = useCallback<UpdateSearchParams>((changes, options) => {
    const { params: shown, setParams: write, written } = latest.current;
    const next = withChanges(startingAddress(written, shown), changes);
    latest.current.written = [...written, next.toString()];
    write(next, options);
  }, []);
  return [params, update];
}
