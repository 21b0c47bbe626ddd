import { describe, expect, it, vi } from 'vitest';
import type { CachedApplication, DesktopBridge, OutboxEntry } from '../../shared/ipc/channels.ts';
import { applicationRow } from '../../electron/cache/test-rows.ts';
import { AdminRequestError } from '../../web/src/features/admin/admin-repository.ts';
import {
  createDesktopRepository,
  detailFromCache,
  queuedNotes,
  type DesktopRepositoryDeps,
} from './desktop-repository.ts';

const application = applicationRow(1, { business_name: 'Reyes Bakery' });
const other = applicationRow(2);
const settled = { attempts: 0, lastError: null, serverState: null, settledAt: null } as const;

function noteEntry(id: number, applicationId: string, state: OutboxEntry['state'] = 'pending'): OutboxEntry {
  return {
    kind: 'note',
    applicationId,
    noteId: `9c1d2e3f-4a5b-4c6d-8e7f-${String(id).padStart(12, '0')}`,
    body: `Queued note ${id}`,
    label: 'Reyes Bakery',
    createdAt: `2026-11-23T0${id}:00:00.000Z`,
    ...settled,
    state,
    id,
  };
}

describe('the desktop detail', () => {
  it('shows the cached notes newest first', () => {
    const related = {
      documents: [],
      additional_info: [],
      pre_application_letters: [],
      term_sheets: [],
      bank_packages: [],
      application_events: [],
      audit_log: [],
      lender_consents: [],
      application_notes: [
        { id: 'n1', author_id: null, body: 'First', created_at: '2026-11-23T09:00:00+00:00' },
        { id: 'n2', author_id: null, body: 'Second', created_at: '2026-11-23T10:00:00+00:00' },
      ],
      document_reviews: [],
      document_requests: [],
      documents_not_needed: [],
    } satisfies CachedApplication['related'];
    const detail = detailFromCache({ application, otherApplications: [], related, lenders: [], keptDocumentIds: [] });
    expect(detail.notes.map((note) => note.body)).toEqual(['Second', 'First']);
  });

  it('lists the applicant’s other applications newest first, never the application itself', () => {
    const older = applicationRow(3, { created_at: '2026-10-01T00:00:00+00:00' });
    const newer = applicationRow(4, { created_at: '2026-11-20T00:00:00+00:00' });
    const related = Object.fromEntries(
      [
        'documents',
        'additional_info',
        'pre_application_letters',
        'term_sheets',
        'bank_packages',
        'application_events',
        'audit_log',
        'lender_consents',
        'application_notes',
        'document_reviews',
        'document_requests',
        'documents_not_needed',
      ].map((table) => [table, []]),
    ) as unknown as Parameters<typeof detailFromCache>[0]['related'];
    const detail = detailFromCache({
      application,
      otherApplications: [older, application, newer],
      related,
      lenders: [],
      keptDocumentIds: [],
    });
    expect(detail.otherApplications.map((row) => row.id)).toEqual([newer.id, older.id]);
  });

  it('shows the application’s notes still waiting in the outbox, newest first, marked as queued', () => {
    const outbox = [
      noteEntry(1, application.id),
      noteEntry(2, other.id),
      noteEntry(3, application.id, 'refused'),
      noteEntry(4, application.id),
    ];
    expect(queuedNotes(outbox, application.id)).toEqual([
      {
        id: '9c1d2e3f-4a5b-4c6d-8e7f-000000000004',
        author_id: null,
        body: 'Queued note 4',
        created_at: '2026-11-23T04:00:00.000Z',
        queued: true,
      },
      expect.objectContaining({ body: 'Queued note 1', queued: true }),
    ]);
  });
});

/** The desktop repository over a bridge that has only the channels given, online or not. */
function repository(online: boolean, bridge: Partial<DesktopBridge> = {}) {
  const deps = {
    bridge: bridge as DesktopBridge,
    online: () => online,
    canSend: () => online,
    wentOffline: vi.fn(),
    sessionRefused: vi.fn(),
    syncNow: vi.fn(async () => {}),
    queued: vi.fn(),
  } satisfies DesktopRepositoryDeps;
  return { deps, repository: createDesktopRepository(deps) };
}

describe('a change only the server makes (a letter, a package, a consent request...)', () => {
  it('is refused at once offline, as unreachable, without trying the server', async () => {
    const { deps, repository: offline } = repository(false);
    const write = vi.fn(async () => 'stored');
    await expect(offline.changeOnServer(write)).rejects.toMatchObject({ kind: 'unreachable' });
    expect(write).not.toHaveBeenCalled();
    expect(deps.syncNow).not.toHaveBeenCalled();
  });

  it('is synced into the cache once made, before the screens read again', async () => {
    const { deps, repository: online } = repository(true);
    const order: string[] = [];
    deps.syncNow.mockImplementation(async () => void order.push('synced'));
    const made = await online.changeOnServer(async () => {
      order.push('written');
      return 'stored';
    });
    expect(made).toBe('stored');
    expect(order).toEqual(['written', 'synced']);
  });

  it('takes the app offline when the server turns out unreachable, and is not synced', async () => {
    const { deps, repository: online } = repository(true);
    const lost = new AdminRequestError('unreachable', 'TypeError: Failed to fetch');
    await expect(online.changeOnServer(() => Promise.reject(lost))).rejects.toBe(lost);
    expect(deps.wentOffline).toHaveBeenCalledOnce();
    expect(deps.syncNow).not.toHaveBeenCalled();
  });
});

describe('the Lenders tab on the desktop', () => {
  it('reads the lender network from the cache, online or not', async () => {
    const row = {
      id: 'l1',
      name: 'Alder Credit',
      programs: ['7a'],
      min_loan: '50000',
      max_loan: '500000',
      states: [],
      industries_served: [],
      industries_excluded: [],
      min_credit_score: 650,
      min_years_in_business: 2,
      min_debt_coverage: '1.25',
      accepts_startups: false,
      accepts_acquisitions: true,
      equity_injection_percent: 10,
      answer_days: 5,
      contact_name: 'Ada Alder',
      contact_email: 'ada@alder.example',
      active: false,
      is_sample: false,
      updated_at: '2026-11-23T08:00:00+00:00',
    };
    const { repository: offline } = repository(false, { 'cache:lenders': async () => [row] });
    const [lender] = await offline.lenders();
    expect(lender).toMatchObject({ id: 'l1', name: 'Alder Credit', min_loan: 50_000, active: false });
  });
});
