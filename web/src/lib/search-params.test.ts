import { describe, expect, it } from 'vitest';
import { withChanges } from './search-params.ts';

describe('withChanges', () => {
  it('sets and removes keys in a copy, keeping the others and leaving the original as it was', () => {
    const params = new URLSearchParams('list=approved&q=bakery&page=2');
    const next = withChanges(params, { q: 'reyes', page: null, view: 'lenders' });
    expect(next.toString()).toBe('list=approved&q=reyes&view=lenders');
    expect(params.toString()).toBe('list=approved&q=bakery&page=2');
  });
});
