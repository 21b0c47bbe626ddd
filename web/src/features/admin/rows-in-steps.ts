/** How many rows a list draws first, before the rest of its page: about a screenful. */
export const FIRST_ROWS_DRAWN = 8;

/**
 * The rows of a list to draw now, given the rows read and those its deferred render has drawn (React's
 * useDeferredValue of them). A list that had none drawn (its first read just answered) draws its first rows at
 * once, to be seen and clicked sooner, and the rest in the deferred render, which gives way to the officer's
 * input. A list that had rows draws all of the new ones at once: it never shrinks while read again.
 */
export function rowsToDraw<Row>(rows: readonly Row[], drawn: readonly Row[]): readonly Row[] {
  return drawn === rows || drawn.length > 0 ? rows : rows.slice(0, FIRST_ROWS_DRAWN);
}
