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
