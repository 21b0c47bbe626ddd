import { describe, expect, it, vi } from 'vitest';
import type { ApplicationListCounts, ApplicationsPageArgs } from '../../../../shared/admin/application-lists.ts';
import { createStore } from '../../app/store.ts';
import { adminApi } from './admin-api.ts';
import type { AdminRepository } from './admin-repository.ts';

const counts: ApplicationListCounts = { pending: 40, approved: 3, pipeline: 2, notQualified: 1, rejected: 0 };

/** A repository whose page says it counted 7, and whose lists' counts are `counts` (or fail). */
function repository(countsFail = false) {
  return {
    applicationsPage: vi.fn(async () => ({ rows: [], total: 7 })),
    applicationListCounts: vi.fn(async () => {
      if (countsFail) throw new Error('offline');
      return counts;
    }),
  };
}

async function pageOf(args: Partial<ApplicationsPageArgs>, adminRepository: ReturnType<typeof repository>) {
  const store = createStore({ adminRepository: adminRepository as unknown as AdminRepository });
  const full: ApplicationsPageArgs = { list: 'pending', search: '', sort: 'newest', page: 0, ...args };
  // The tabs read the counts too, as the Applications tab does beside its list.
  const [tabs, page] = [
    store.dispatch(adminApi.endpoints.applicationListCounts.initiate()),
    store.dispatch(adminApi.endpoints.applicationsPage.initiate(full)),
  ];
  const result = await page.unwrap();
  await tabs;
  return { result, args: full };
}

describe('a page of an admin list', () => {
  it('unsearched and unfiltered, takes its total from the tabs’ count (read once for both) and does not count', async () => {
    const reads = repository();
    const { result, args } = await pageOf({}, reads);
    expect(result.total).toBe(40);
    expect(reads.applicationsPage).toHaveBeenCalledExactlyOnceWith(args, { counted: false });
    expect(reads.applicationListCounts).toHaveBeenCalledTimes(1);
  });

  it('searched or filtered, is counted with its page', async () => {
    for (const asked of [{ search: 'reyes' }, { documents: 'complete' as const }]) {
      const reads = repository();
      const { result, args } = await pageOf(asked, reads);
      expect(result.total).toBe(7);
      expect(reads.applicationsPage).toHaveBeenCalledExactlyOnceWith(args);
    }
  });

  it('is counted with its page when the tabs’ count fails', async () => {
    const reads = repository(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result, args } = await pageOf({ list: 'approved' }, reads);
    expect(result.total).toBe(7);
    expect(reads.applicationsPage).toHaveBeenLastCalledWith(args);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
