import { describe, expect, it, vi } from 'vitest';
import type { CachedApplication, DesktopBridge, OutboxEntry, OutboxIntent } from '../../shared/ipc/channels.ts';
import { applicationRow } from '../../electron/cache/test-rows.ts';
import { sampleReviewIntent, sampleStageIntent } from '../../shared/testing/samples.ts';
import { AdminRequestError } from '../../web/src/features/admin/admin-repository.ts';
import { apiAdminRepository } from '../../web/src/features/admin/api-admin-repository.ts';
import {
  createDesktopRepository,
  detailFromCache,
  queuedNotes,
  queuedReviews,
  queuedStage,
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

const emptyRelated: CachedApplication['related'] = {
  documents: [],
  additional_info: [],
  pre_application_letters: [],
  term_sheets: [],
  bank_packages: [],
  application_events: [],
  audit_log: [],
  lender_consents: [],
  application_notes: [],
  document_reviews: [],
  document_requests: [],
  documents_not_needed: [],
  loan_offers: [],
  offer_acceptances: [],
  loan_stages: [],
  sms_messages: [],
  sms_consents: [],
};

describe('the desktop detail', () => {
  it('shows the cached notes newest first', () => {
    const related = {
      ...emptyRelated,
      application_notes: [
        { id: 'n1', author_id: null, body: 'First', created_at: '2026-11-23T09:00:00+00:00' },
        { id: 'n2', author_id: null, body: 'Second', created_at: '2026-11-23T10:00:00+00:00' },
      ],
    };
    const detail = detailFromCache({ application, otherApplications: [], related, lenders: [], keptDocumentIds: [] });
    expect(detail.notes.map((note) => note.body)).toEqual(['Second', 'First']);
  });

  it('lists the applicant’s other applications newest first, never the application itself', () => {
    const older = applicationRow(3, { created_at: '2026-10-01T00:00:00+00:00' });
    const newer = applicationRow(4, { created_at: '2026-11-20T00:00:00+00:00' });
    const related = emptyRelated;
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

describe('the loans’ figures and index values on the desktop', () => {
  it('compares offers offline at the latest synced value of each index, the numbers read as numbers', async () => {
    const entered = (id: string, rateIndex: 'prime' | 'sofr_30_day', percent: string, day: string) => ({
      id,
      rate_index: rateIndex,
      percent,
      as_of: day,
      entered_by: null,
      created_at: `${day}T09:00:00+00:00`,
    });
    const { repository: offline } = repository(false, {
      'cache:rate-index-values': async () => [
        entered('v3', 'prime', '7.250', '2026-11-27'),
        entered('v2', 'sofr_30_day', '5.300', '2026-11-21'),
        entered('v1', 'prime', '7.500', '2026-11-20'),
      ],
    });
    expect(await offline.rateIndexValues()).toEqual({
      prime: { percent: 7.25, asOf: '2026-11-27' },
      sofr_30_day: { percent: 5.3, asOf: '2026-11-21' },
    });
  });

  it('counts the lists in the copy, online or not, as its lists show them', async () => {
    const counts = { pending: 12, approved: 3, pipeline: 1, notQualified: 4, rejected: 2 };
    for (const online of [false, true]) {
      const { repository: desktop } = repository(online, { 'cache:application-list-counts': async () => counts });
      expect(await desktop.applicationListCounts()).toEqual(counts);
    }
  });

  it('reads the Pipeline’s acceptances and stages from the copy, online or not', async () => {
    const history = {
      acceptances: [{ application_id: application.id, accepted_at: '2026-11-01T10:00:00+00:00' }],
      stages: [{ application_id: application.id, stage: 'funded' as const, created_at: '2026-11-09T10:00:00+00:00' }],
    };
    for (const online of [false, true]) {
      const { repository: desktop } = repository(online, { 'cache:pipeline-history': async () => history });
      expect(await desktop.pipelineHistory()).toEqual(history);
    }
  });
});

describe('a document reviewed offline on the desktop', () => {
  const documentId = '7b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091';
  const seen = {
    documentId,
    applicationId: application.id,
    uploadedAt: '2026-11-20T09:15:00.123456+00:00',
    seenReviewId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    label: 'Reyes Bakery',
    fileName: 'tax-return-2025.pdf',
  };

  it('is queued as the officer saw it (its upload time and latest review), and the outbox count is told', async () => {
    const enqueued: OutboxIntent[] = [];
    const { deps, repository: offline } = repository(false, {
      'outbox:enqueue': async (intent) => {
        enqueued.push(intent);
        return { ...intent, id: 1, createdAt: '2026-11-23T01:00:00.000Z', state: 'pending', ...settled };
      },
    });
    expect(await offline.reviewDocument({ ...seen, outcome: 'accepted', reason: null })).toBe('queued');
    expect(enqueued).toEqual([
      {
        kind: 'review',
        applicationId: application.id,
        documentId,
        outcome: 'accepted',
        reason: null,
        expectedUploadedAt: seen.uploadedAt,
        seenReviewId: seen.seenReviewId,
        label: 'Reyes Bakery',
        fileName: 'tax-return-2025.pdf',
      },
    ]);
    expect(deps.queued).toHaveBeenCalledOnce();
    expect(deps.syncNow).not.toHaveBeenCalled();
  });

  it('shows in the detail as the document’s latest review, marked as queued, until it is sent', async () => {
    const entry = (id: number, state: OutboxEntry['state'], applicationId = application.id): OutboxEntry => ({
      ...sampleReviewIntent,
      applicationId,
      documentId,
      outcome: 'needs_replacement',
      reason: 'Send the 2025 return.',
      expectedUploadedAt: seen.uploadedAt,
      createdAt: `2026-11-23T0${id}:00:00.000Z`,
      ...settled,
      state,
      id,
    });
    const outbox = [
      entry(1, 'conflict'),
      entry(2, 'pending', other.id),
      entry(3, 'pending'),
      noteEntry(4, application.id),
    ];
    expect(queuedReviews(outbox, application.id)).toEqual([
      {
        id: 'queued-3',
        document_id: documentId,
        application_id: application.id,
        outcome: 'needs_replacement',
        reason: 'Send the 2025 return.',
        document_uploaded_at: seen.uploadedAt,
        reviewed_by: null,
        created_at: '2026-11-23T03:00:00.000Z',
        queued: true,
      },
    ]);

    const stored = {
      id: seen.seenReviewId,
      document_id: documentId,
      application_id: application.id,
      outcome: 'accepted' as const,
      reason: null,
      document_uploaded_at: seen.uploadedAt,
      reviewed_by: null,
      created_at: '2026-11-22T10:00:00+00:00',
    };
    const { repository: offline } = repository(false, {
      'cache:application-detail': async () => ({
        application,
        otherApplications: [],
        related: { ...emptyRelated, document_reviews: [stored] },
        lenders: [],
        keptDocumentIds: [],
      }),
      'outbox:list': async () => outbox,
    });
    const detail = await offline.applicationDetail(application.id);
    expect(detail.reviews.map((row) => [row.id, row.outcome, row.queued ?? false])).toEqual([
      [seen.seenReviewId, 'accepted', false],
      ['queued-3', 'needs_replacement', true],
    ]);
  });
});

describe('a loan stage recorded offline on the desktop', () => {
  it('is queued as the officer recorded it, with the stage they saw and only its own details', async () => {
    const enqueued: OutboxIntent[] = [];
    const { deps, repository: offline } = repository(false, {
      'outbox:enqueue': async (intent) => {
        enqueued.push(intent);
        return { ...intent, id: 1, createdAt: '2026-11-23T01:00:00.000Z', state: 'pending', ...settled };
      },
    });
    const record = {
      applicationId: application.id,
      stage: 'in_closing' as const,
      expectedClosingOn: '2026-12-15',
      expectedCurrentStage: 'accepted' as const,
      label: 'Reyes Bakery',
    };
    expect(await offline.recordLoanStage(record)).toBe('queued');
    expect(enqueued).toEqual([{ kind: 'stage', ...record }]);
    expect(Object.keys(enqueued[0] ?? {})).not.toContain('fundedAmount');
    expect(deps.queued).toHaveBeenCalledOnce();
    expect(deps.syncNow).not.toHaveBeenCalled();
  });

  it('shows in the detail as the loan’s queued stage until it is sent; a settled one does not', async () => {
    const entry = (id: number, state: OutboxEntry['state'], applicationId = application.id): OutboxEntry => ({
      ...sampleStageIntent,
      applicationId,
      createdAt: `2026-11-23T0${id}:00:00.000Z`,
      ...settled,
      state,
      id,
    });
    expect(queuedStage([entry(1, 'conflict'), noteEntry(2, application.id)], application.id)).toBeUndefined();
    expect(queuedStage([entry(1, 'pending', other.id)], application.id)).toBeUndefined();
    const outbox = [entry(1, 'conflict'), entry(2, 'pending'), noteEntry(3, application.id)];
    expect(queuedStage(outbox, application.id)).toEqual({ stage: 'in_closing', queuedAt: '2026-11-23T02:00:00.000Z' });

    const { repository: offline } = repository(false, {
      'cache:application-detail': async () => ({
        application,
        otherApplications: [],
        related: emptyRelated,
        lenders: [],
        keptDocumentIds: [],
      }),
      'outbox:list': async () => outbox,
    });
    expect((await offline.applicationDetail(application.id)).queuedStage).toEqual({
      stage: 'in_closing',
      queuedAt: '2026-11-23T02:00:00.000Z',
    });
  });

  it('is not queued when the server refuses it in words (recorded meanwhile): the officer reads them at once', async () => {
    const { repository: online } = repository(true, { 'outbox:enqueue': vi.fn() });
    const refusal = new AdminRequestError('refused', 'This loan is already in closing', '23505');
    const spy = vi.spyOn(apiAdminRepository, 'recordLoanStage').mockRejectedValue(refusal);
    await expect(online.recordLoanStage({ ...sampleStageIntent, applicationId: application.id })).rejects.toBe(refusal);
    spy.mockRestore();
  });
});
