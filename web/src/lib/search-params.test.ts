import { describe, expect, it } from 'vitest';
import { startingAddress, stillToShow, withChanges } from './search-params.ts';

describe('withChanges', () => {
  it('sets and removes keys in a copy, keeping the others and leaving the original as it was', () => {
    const params = new URLSearchParams('list=approved&q=bakery&page=2');
    const next = withChanges(params, { q: 'reyes', page: null, view: 'lenders' });
    expect(next.toString()).toBe('list=approved&q=reyes&view=lenders');
    expect(params.toString()).toBe('list=approved&q=bakery&page=2');
  });
});

describe('addresses written before the router shows them', () => {
  // The officer searched 'bakery', picks Approved, the search typed meanwhile ('reyes') settles, then Pending.
  const shown = new URLSearchParams('q=bakery');

  it('start the next change from the last one written, so a settled search is not written over', () => {
    const toApproved = withChanges(startingAddress([], shown), { list: 'approved' });
    const settled = withChanges(startingAddress([toApproved.toString()], shown), { q: 'reyes' });
    const written = [toApproved.toString(), settled.toString()];
    // The router shows the first; the second is still to show when Pending is clicked.
    const left = stillToShow(written, toApproved);
    expect(left).toEqual(['q=reyes&list=approved']);
    expect(withChanges(startingAddress(left, toApproved), { list: 'pending' }).toString()).toBe('q=reyes&list=pending');
  });

  it('are forgotten once the last one shows, or when another address shows (Back)', () => {
    const written = ['list=approved&q=bakery', 'list=approved&q=reyes'];
    expect(stillToShow(written, new URLSearchParams('list=approved&q=reyes'))).toEqual([]);
    const back = new URLSearchParams('q=older');
    expect(stillToShow(written, back)).toEqual([]);
    expect(startingAddress([], back).toString()).toBe('q=older');
  });
});
