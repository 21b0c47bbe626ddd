import { describe, expect, it } from 'vitest';
import { FIRST_ROWS_DRAWN, rowsToDraw } from './rows-in-steps.ts';

const page = (from: number) => Array.from({ length: 25 }, (_, index) => `application ${from + index}`);

describe('the rows a list draws', () => {
  it('are its first ones while it had none drawn, then all of them', () => {
    const read = page(0);
    expect(rowsToDraw(read, [])).toEqual(read.slice(0, FIRST_ROWS_DRAWN));
    expect(rowsToDraw(read, read)).toBe(read);
  });

  it('are all of a new read at once when it had rows drawn: the list never shrinks while read again', () => {
    const next = page(25);
    expect(rowsToDraw(next, page(0))).toBe(next);
    expect(rowsToDraw([], page(0))).toEqual([]);
  });
});
