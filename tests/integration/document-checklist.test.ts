import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentChecklist,
  type ChecklistDocument,
  type ChecklistInput,
} from '../../shared/checklist/document-checklist.ts';
import { documentTypes } from '../../shared/catalogue/documents.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { fileDocument, type Filing } from '../support/filed-documents.ts';
import { checklistCases, type Step } from '../support/checklist-cases.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/database-actors.ts';

/**
 * Documents as a conversation, at the database: the checklist counts each application keeps agree with
 * shared/checklist/document-checklist.ts on the table of cases; the officers' functions refuse every other caller
 * and bad input in words; an applicant cannot delete or move what an officer reviewed; every review and request is
 * audited and on the timeline; the applicant reads reviews and requests without the officers' identities.
 */

let backend: TestBackend;
let applicant: TestUser;
let stranger: TestUser;
let officer: TestUser;
let otherOfficer: TestUser;
const client = (user: TestUser) => backend.client(user);

async function applicationOf(owner: TestUser): Promise<string> {
  const { data, error } = await backend.service
    .from('applications')
    .insert(qualifiedApplicationRow({ user_id: owner.id, email: owner.email }))
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

/** The applicant files a document row (the file itself is not needed for these rules). */
function upload(applicationId: string, type: string, filing: Filing = {}) {
  return fileDocument(client(applicant), applicant, applicationId, type, filing);
}

async function latestReviewId(documentId: string): Promise<string | null> {
  const { data } = await backend.service
    .from('document_reviews')
    .select('id')
    .eq('document_id', documentId)
    .order('created_at', { ascending: false })
    .limit(1);
  return (data?.[0]?.id as string | undefined) ?? null;
}

function review(documentId: string, outcome: string, reason?: string, seen?: string | null, by = officer) {
  return client(by).rpc('review_document', {
    document_id: documentId,
    outcome,
    reason: reason ?? null,
    seen_review_id: seen ?? null,
  });
}

/** Plays a case's steps as the applicant and the officer would; gives the ids made, by label. */
async function play(applicationId: string, steps: readonly Step[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const step of steps) {
    if ('upload' in step) {
      const { id, result } = await upload(applicationId, step.type, {
        requestId: step.request ? ids.get(step.request)! : null,
        replaces: step.replaces ? ids.get(step.replaces)! : null,
      });
      expect(result.error).toBeNull();
      ids.set(step.upload, id);
    } else if ('review' in step) {
      const documentId = ids.get(step.review)!;
      const { error } = await review(documentId, step.outcome, step.reason, await latestReviewId(documentId));
      expect(error).toBeNull();
    } else if ('cancel' in step) {
      const { error } = await client(officer).rpc('cancel_document_request', {
        request_id: ids.get(step.cancel)!,
        reason: step.reason,
      });
      expect(error).toBeNull();
    } else if ('request' in step) {
      const { data, error } = await client(officer).rpc('request_document', {
        application_id: applicationId,
        title: step.title,
        details: `${step.title}, as discussed`,
      });
      expect(error).toBeNull();
      ids.set(step.request, (data as { id: string }).id);
    } else {
      const { error } = await client(officer).rpc('set_document_not_needed', {
        application_id: applicationId,
        type: step.notNeeded,
        not_needed: true,
      });
      expect(error).toBeNull();
    }
  }
  return ids;
}

async function storedChecklist(applicationId: string) {
  const { data, error } = await backend.service
    .from('applications')
    .select('checklist_counts, checklist_state')
    .eq('id', applicationId)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

/** The checklist as the portal computes it: the applicant's documents and document_checklist_of(). */
async function portalChecklist(caller: SupabaseClient, applicationId: string) {
  const documents = await caller
    .from('documents')
    .select('id, type, request_id, replaces_id, created_at')
    .eq('application_id', applicationId);
  const read = await caller.rpc('document_checklist_of', { application_id: applicationId });
  if (documents.error || read.error) throw new Error((documents.error ?? read.error)!.message);
  const { reviews, requests, not_needed } = read.data as {
    reviews: ChecklistInput['reviews'];
    requests: ChecklistInput['requests'];
    not_needed: string[];
  };
  return documentChecklist({
    documents: documents.data as ChecklistDocument[],
    reviews,
    requests,
    notNeeded: not_needed,
  });
}

beforeAll(async () => {
  backend = await startTestBackend();
  applicant = await backend.createUser({ email: uniqueEmail('applicant') });
  stranger = await backend.createUser({ email: uniqueEmail('stranger') });
  officer = await backend.createUser({ email: uniqueEmail('officer'), appRole: 'admin' });
  otherOfficer = await backend.createUser({ email: uniqueEmail('officer-2'), appRole: 'admin' });
});

afterAll(async () => {
  await backend?.close();
});

describe('the counts each application keeps agree with the shared checklist', () => {
  it.each(checklistCases.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    const applicationId = await applicationOf(applicant);
    await play(applicationId, testCase.steps);
    const stored = await storedChecklist(applicationId);
    expect(stored).toEqual({ checklist_counts: testCase.counts, checklist_state: testCase.state });
    const computed = await portalChecklist(client(applicant), applicationId);
    expect(computed.counts).toEqual(testCase.counts);
    expect(computed.state).toBe(testCase.state);
  });

  it('follows a document moved into the application and out of it', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'taxReturns');
    expect((await storedChecklist(applicationId)).checklist_counts).toMatchObject({ awaiting_review: 1, missing: 5 });
    const other = await applicationOf(applicant);
    expect((await client(applicant).from('documents').update({ application_id: other }).eq('id', id)).error).toBeNull();
    expect((await storedChecklist(applicationId)).checklist_counts).toMatchObject({ awaiting_review: 0, missing: 6 });
    expect((await storedChecklist(other)).checklist_counts).toMatchObject({ awaiting_review: 1, missing: 5 });
  });
});

describe('the officers’ Documents filter', () => {
  it('finds the applications with a file to review, whatever else they wait for, as the lists ask', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'taxReturns');
    // Five documents missing: waiting on the applicant, and a file waiting for an officer.
    expect((await storedChecklist(applicationId)).checklist_state).toBe('waiting_on_applicant');
    const toReview = async () => {
      const { data, error } = await client(officer)
        .from('applications')
        .select('id')
        .eq('id', applicationId)
        .is('files_to_review', true);
      expect(error).toBeNull();
      return data!.length === 1;
    };
    expect(await toReview()).toBe(true);
    await review(id, 'accepted');
    expect(await toReview()).toBe(false);
  });
});

describe('who may call the officers’ functions', () => {
  it('refuses the applicant, another applicant and a visitor every officer function', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'taxReturns');
    for (const caller of [client(applicant), client(stranger)]) {
      expect((await caller.rpc('review_document', { document_id: id, outcome: 'accepted' })).error?.code).toBe('42501');
      const asked = await caller.rpc('request_document', { application_id: applicationId, title: 'x', details: 'y' });
      expect(asked.error?.code).toBe('42501');
      const marked = await caller.rpc('set_document_not_needed', {
        application_id: applicationId,
        type: 'leaseAgreement',
        not_needed: true,
      });
      expect(marked.error?.code).toBe('42501');
      const cancelled = await caller.rpc('cancel_document_request', { request_id: randomUUID(), reason: 'Mine.' });
      expect(cancelled.error?.code).toBe('42501');
    }
    const anon = await backend.anon.rpc('review_document', { document_id: id, outcome: 'accepted' });
    expect(anon.error?.code).toBe('42501');
    expect(await latestReviewId(id)).toBeNull();
  });

  it('tells nobody but its owner and the officers whether a document was reviewed', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'taxReturns');
    await review(id, 'accepted');
    const reviewed = (caller: SupabaseClient) => caller.rpc('document_is_reviewed', { document_id: id });
    expect((await reviewed(client(applicant))).data).toBe(true);
    expect((await reviewed(client(officer))).data).toBe(true);
    expect((await reviewed(client(stranger))).data).toBe(false);
    expect((await reviewed(backend.anon)).error?.code).toBe('42501');
  });

  it('refuses another applicant the reviews and requests of an application not theirs', async () => {
    const applicationId = await applicationOf(applicant);
    const read = await client(stranger).rpc('document_checklist_of', { application_id: applicationId });
    expect(read.error?.code).toBe('P0002');
    expect((await backend.anon.rpc('document_checklist_of', { application_id: applicationId })).error?.code).toBe(
      '42501',
    );
  });

  it('gives the checklists of all an account’s applications at once to its owner and the officers only', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'businessLicense');
    await review(id, 'needs_replacement', 'The license is not readable.');
    const all = (caller: SupabaseClient) => caller.rpc('document_checklists_of', { owner_id: applicant.id });
    const one = await client(applicant).rpc('document_checklist_of', { application_id: applicationId });
    const own = await all(client(applicant));
    expect(own.error).toBeNull();
    // Each reading is document_checklist_of's, keyed by application: the same, officers left out.
    expect((own.data as Record<string, unknown>)[applicationId]).toEqual(one.data);
    expect(JSON.stringify(own.data)).toContain('The license is not readable.');
    expect(JSON.stringify(own.data)).not.toContain(officer.id);
    expect((await all(client(officer))).data).toEqual(own.data);
    expect((await all(client(stranger))).error?.code).toBe('P0002');
    expect((await all(backend.anon)).error?.code).toBe('42501');
    // A stranger's own account has no application: an empty answer, nothing of anyone else's.
    expect((await client(stranger).rpc('document_checklists_of', { owner_id: stranger.id })).data).toEqual({});
  });

  it('lets the applicant read reviews and requests without the officers who wrote them', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'businessLicense');
    await review(id, 'needs_replacement', 'This license expired in 2024.');
    await client(officer).rpc('request_document', {
      application_id: applicationId,
      title: 'Debt schedule',
      details: 'Every business debt.',
    });
    const { data } = await client(applicant).rpc('document_checklist_of', { application_id: applicationId });
    const text = JSON.stringify(data);
    expect(text).toContain('This license expired in 2024.');
    expect(text).toContain('Debt schedule');
    expect(text).not.toContain(officer.id);
    expect(text).not.toMatch(/reviewed_by|requested_by|cancelled_by/);
    // The tables themselves are the officers'.
    expect((await client(applicant).from('document_reviews').select('*')).data).toEqual([]);
  });
});

describe('bad input and races get a clear refusal and change nothing', () => {
  it('a replacement asked for without a reason, or with only spaces, or too long', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'taxReturns');
    for (const reason of [undefined, '   \n ']) {
      const { error } = await review(id, 'needs_replacement', reason);
      expect(error).toMatchObject({
        code: '22023',
        message: 'Say what needs to change: the applicant reads the reason',
      });
    }
    expect((await review(id, 'needs_replacement', 'x'.repeat(2001))).error?.message).toBe(
      'The reason can be at most 2,000 characters',
    );
    expect((await review(id, 'maybe')).error?.code).toBe('22023');
    expect(await latestReviewId(id)).toBeNull();
    // Trimmed when stored.
    expect((await review(id, 'needs_replacement', '  Page 2 is missing.  ')).error).toBeNull();
    const { data } = await backend.service.from('document_reviews').select('reason').eq('document_id', id);
    expect(data).toEqual([{ reason: 'Page 2 is missing.' }]);
  });

  it('a document deleted meanwhile', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'taxReturns');
    expect((await client(applicant).from('documents').delete().eq('id', id)).error).toBeNull();
    expect((await review(id, 'accepted')).error).toMatchObject({
      code: 'P0002',
      message: 'The applicant deleted this document meanwhile',
    });
  });

  it('two officers reviewing one document: the second is told, and the first review stands', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'taxReturns');
    // Both saw it unreviewed.
    expect((await review(id, 'accepted', undefined, null, officer)).error).toBeNull();
    const second = await review(id, 'needs_replacement', 'Wrong year.', null, otherOfficer);
    expect(second.error).toMatchObject({
      code: 'PT409',
      message: 'Another officer reviewed this document meanwhile (accepted)',
    });
    const { data } = await backend.service.from('document_reviews').select('outcome').eq('document_id', id);
    expect(data).toEqual([{ outcome: 'accepted' }]);
  });

  it('a document replaced meanwhile, or uploaded at another time than the officer saw', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'idDocument');
    await review(id, 'needs_replacement', 'Blurry.');
    const seen = await latestReviewId(id);
    await upload(applicationId, 'idDocument', { replaces: id });
    expect((await review(id, 'accepted', undefined, seen)).error).toMatchObject({
      code: 'PT409',
      message: 'The applicant replaced this document meanwhile: review the new one',
    });
    const { id: other } = await upload(applicationId, 'taxReturns');
    const wrongTime = await client(officer).rpc('review_document', {
      document_id: other,
      outcome: 'accepted',
      expected_uploaded_at: '2020-01-01T00:00:00Z',
    });
    expect(wrongTime.error).toMatchObject({ code: 'PT409', message: 'This document changed meanwhile' });
  });

  it('a request of a title that already waits for the applicant’s file, even two at once; once filed, it may be asked again', async () => {
    const applicationId = await applicationOf(applicant);
    const ask = (title: string) =>
      client(officer).rpc('request_document', { application_id: applicationId, title, details: 'Every debt.' });
    const both = await Promise.all([ask('Debt schedule'), ask('Debt schedule')]);
    expect(both.filter((asked) => asked.error === null)).toHaveLength(1);
    expect(both.map((asked) => asked.error).filter(Boolean)).toEqual([
      expect.objectContaining({
        code: '22023',
        message: 'A request titled “Debt schedule” already waits for the applicant’s file',
      }),
    ]);
    expect((await ask(' debt SCHEDULE ')).error?.code).toBe('22023');
    const first = both.find((asked) => asked.error === null)!.data as { id: string };
    // Sent again with its id (its first answer lost): the duplicate key says it is stored.
    const again = await client(officer).rpc('request_document', {
      id: first.id,
      application_id: applicationId,
      title: 'Debt schedule',
      details: 'Every debt.',
    });
    expect(again.error?.code).toBe('23505');
    expect((await upload(applicationId, 'requested', { requestId: first.id })).result.error).toBeNull();
    expect((await ask('Debt schedule')).error).toBeNull();
    const { count } = await backend.service
      .from('document_requests')
      .select('id', { count: 'exact', head: true })
      .eq('application_id', applicationId);
    expect(count).toBe(2);
  });

  it('a request with an empty title, no details, or a due date in the past', async () => {
    const applicationId = await applicationOf(applicant);
    const ask = (title: string, details: string, due_date?: string) =>
      client(officer).rpc('request_document', { application_id: applicationId, title, details, due_date });
    expect((await ask('  ', 'Every debt.')).error).toMatchObject({
      code: '22023',
      message: 'Give the request a title',
    });
    expect((await ask('Debt schedule', ' ')).error?.message).toBe('Say what exactly is needed');
    expect((await ask('Debt schedule', 'Every debt.', '2020-01-01')).error?.message).toBe(
      'The due date is in the past',
    );
    expect((await ask('x'.repeat(201), 'Every debt.')).error?.message).toBe('The title can be at most 200 characters');
    const { count } = await backend.service
      .from('document_requests')
      .select('id', { count: 'exact', head: true })
      .eq('application_id', applicationId);
    expect(count).toBe(0);
  });

  it('an upload against a cancelled request, and a request cancelled twice', async () => {
    const applicationId = await applicationOf(applicant);
    const ids = await play(applicationId, [
      { request: 'franchise', title: 'Franchise agreement' },
      { cancel: 'franchise', reason: 'Not a franchise after all.' },
    ]);
    const { result } = await upload(applicationId, 'requested', { requestId: ids.get('franchise')! });
    expect(result.error).toMatchObject({
      code: 'PT409',
      message: 'Your loan officer cancelled this request, so it needs no upload any more',
    });
    const again = await client(officer).rpc('cancel_document_request', {
      request_id: ids.get('franchise')!,
      reason: 'Again.',
    });
    expect(again.error).toMatchObject({ code: 'PT409', message: 'This request was cancelled already' });
    const noReason = await client(officer).rpc('cancel_document_request', { request_id: randomUUID(), reason: ' ' });
    expect(noReason.error?.code).toBe('22023');
  });

  it('a request the applicant answered is not cancelled until an officer reviewed the file', async () => {
    const applicationId = await applicationOf(applicant);
    const ids = await play(applicationId, [{ request: 'projection', title: 'Profit projection' }]);
    const requestId = ids.get('projection')!;
    const { id, result } = await upload(applicationId, 'requested', { requestId });
    const fileName = result.data!.file_name;
    const cancel = () =>
      client(officer).rpc('cancel_document_request', { request_id: requestId, reason: 'Not needed.' });
    expect((await cancel()).error).toMatchObject({
      code: 'PT409',
      message: `The applicant uploaded ${fileName} for this request: review it first, then cancel the request if it is still not needed`,
    });
    // Reviewed, the file is the officer's to weigh: the request may go.
    await review(id, 'needs_replacement', 'Wrong year.');
    expect((await cancel()).error).toBeNull();
  });

  it('an upload and a cancellation of the same request at once: never both', async () => {
    const applicationId = await applicationOf(applicant);
    for (let round = 0; round < 4; round += 1) {
      const ids = await play(applicationId, [{ request: 'lease', title: `Lease ${round}` }]);
      const requestId = ids.get('lease')!;
      const [uploaded, cancelled] = await Promise.all([
        upload(applicationId, 'requested', { requestId }),
        client(officer).rpc('cancel_document_request', { request_id: requestId, reason: 'Not needed.' }),
      ]);
      const both = uploaded.result.error === null && cancelled.error === null;
      expect(both).toBe(false);
      expect(uploaded.result.error === null || cancelled.error === null).toBe(true);
    }
  });

  it('a requested document for another application’s request, and a replacement nobody asked for', async () => {
    const applicationId = await applicationOf(applicant);
    const other = await applicationOf(applicant);
    const ids = await play(other, [{ request: 'debts', title: 'Debt schedule' }]);
    const misfiled = await upload(applicationId, 'requested', { requestId: ids.get('debts')! });
    expect(misfiled.result.error?.message).toBe("This request is not one of this application's");
    const { id } = await upload(applicationId, 'taxReturns');
    const unasked = await upload(applicationId, 'taxReturns', { replaces: id });
    expect(unasked.result.error?.message).toBe(
      'Only a document your loan officer asked you to replace can be replaced',
    );
    await review(id, 'needs_replacement', 'Wrong year.');
    expect((await upload(applicationId, 'bankStatements', { replaces: id })).result.error?.code).toBe('22023');
    expect((await upload(applicationId, 'taxReturns', { replaces: id })).result.error).toBeNull();
    expect((await upload(applicationId, 'taxReturns', { replaces: id })).result.error?.code).toBeDefined();
  });
});

describe('what an officer reviewed stays', () => {
  it('an accepted document cannot be deleted or moved by the applicant, with a message saying whom to ask', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'taxReturns');
    await review(id, 'accepted');
    const deleted = await client(applicant).from('documents').delete().eq('id', id);
    expect(deleted.error).toMatchObject({
      code: 'PT423',
      message:
        'Your loan officer accepted this document, so it cannot be deleted or moved. Please ask your loan officer if it needs to change.',
    });
    const moved = await client(applicant)
      .from('documents')
      .update({ application_id: await applicationOf(applicant) })
      .eq('id', id);
    expect(moved.error?.code).toBe('PT423');
    const { data } = await backend.service.from('documents').select('application_id').eq('id', id);
    expect(data).toEqual([{ application_id: applicationId }]);
  });

  it('a flagged document is replaced, not deleted; an unreviewed one may be deleted', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'taxReturns');
    await review(id, 'needs_replacement', 'Wrong year.');
    expect((await client(applicant).from('documents').delete().eq('id', id)).error?.message).toBe(
      'Your loan officer reviewed this document: upload a replacement for it instead, so that they keep the earlier one.',
    );
    const { id: fresh } = await upload(applicationId, 'bankStatements');
    const removed = await client(applicant).from('documents').delete().eq('id', fresh).select('id');
    expect(removed.data).toEqual([{ id: fresh }]);
  });

  it('a reviewed document keeps its name; an unreviewed one may be renamed', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'taxReturns');
    const rename = (name: string) => client(applicant).from('documents').update({ file_name: name }).eq('id', id);
    expect((await rename('returns-2025.pdf')).error).toBeNull();
    await review(id, 'accepted');
    expect((await rename('renamed.pdf')).error).toMatchObject({
      code: 'PT423',
      message:
        'Your loan officer reviewed this document, so its name stays as they saw it. Please ask your loan officer if it needs to change.',
    });
    const { data } = await backend.service.from('documents').select('file_name').eq('id', id);
    expect(data).toEqual([{ file_name: 'returns-2025.pdf' }]);
  });

  it('the file of a filed document is neither removed nor stored again while its row names it; then it may go', async () => {
    // As the portal files a document: its file under a name of its own first, then the row that names it.
    const applicationId = await applicationOf(applicant);
    const bucket = client(applicant).storage.from('documents');
    const pdf = (words: string) => new Blob([`%PDF-1.4\n% ${words}\n%%EOF\n`], { type: 'application/pdf' });
    const stored = async (path: string) => {
      const { data, error } = await backend.service.storage.from('documents').download(path);
      return error ? null : await data.text();
    };
    const file = async () => {
      const id = randomUUID();
      const path = `${applicant.id}/taxReturns/${id}.pdf`;
      expect((await bucket.upload(path, pdf('the original'))).error).toBeNull();
      const filed = await client(applicant).from('documents').insert({
        id,
        user_id: applicant.id,
        application_id: applicationId,
        type: 'taxReturns',
        file_name: 'returns.pdf',
        file_size: 40,
        content_type: 'application/pdf',
        storage_path: path,
      });
      expect(filed.error).toBeNull();
      return { id, path };
    };
    const original = '%PDF-1.4\n% the original\n%%EOF\n';

    // Not reviewed yet, and an officer may be reading it: its file stays, and other bytes never take its name
    // (also were the file gone some other way), so that the officer accepts what they saw.
    const unreviewed = await file();
    await bucket.remove([unreviewed.path]);
    expect(await stored(unreviewed.path)).toBe(original);
    await backend.service.storage.from('documents').remove([unreviewed.path]);
    const again = await bucket.upload(unreviewed.path, pdf('other bytes'));
    expect(again.error?.message).toMatch(/row-level security/);
    expect(await stored(unreviewed.path)).toBeNull();

    // Reviewed: its row stays (keep_reviewed_documents), and so does its file.
    const reviewed = await file();
    await review(reviewed.id, 'accepted');
    await bucket.remove([reviewed.path]);
    expect(await stored(reviewed.path)).toBe(original);

    // Removed as the portal removes one: the row first, then the file may go.
    const removed = await file();
    expect((await client(applicant).from('documents').delete().eq('id', removed.id).select('id')).data).toEqual([
      { id: removed.id },
    ]);
    expect((await bucket.remove([removed.path])).data).toHaveLength(1);
    expect(await stored(removed.path)).toBeNull();
  });
});

describe('every officer action is audited and on the timeline', () => {
  it('a review, a request, its cancellation and a document not needed', async () => {
    const applicationId = await applicationOf(applicant);
    const { id } = await upload(applicationId, 'businessLicense');
    const fileName = `businessLicense-${id.slice(0, 6)}.pdf`;
    await review(id, 'needs_replacement', 'Expired.');
    await play(applicationId, [
      { request: 'debts', title: 'Debt schedule' },
      { cancel: 'debts', reason: 'Found it in the returns.' },
      { notNeeded: 'leaseAgreement' },
    ]);
    const events = await backend.service
      .from('application_events')
      .select('kind, subject, reason, actor_id')
      .eq('application_id', applicationId)
      .neq('kind', 'submitted')
      .order('id');
    expect(events.data).toEqual([
      // The applicant reads the timeline: its document events name no officer (the audit log does).
      { kind: 'document_needs_replacement', subject: fileName, reason: 'Expired.', actor_id: null },
      { kind: 'document_requested', subject: 'Debt schedule', reason: null, actor_id: null },
      {
        kind: 'document_request_cancelled',
        subject: 'Debt schedule',
        reason: 'Found it in the returns.',
        actor_id: null,
      },
      // Named as the checklist names it.
      {
        kind: 'document_not_needed',
        subject: documentTypes.find((type) => type.value === 'leaseAgreement')!.label,
        reason: null,
        actor_id: null,
      },
    ]);
    const audit = await backend.service
      .from('audit_log')
      .select('action, actor_id')
      .eq('application_id', applicationId)
      .order('id');
    expect(audit.data).toEqual(
      expect.arrayContaining([
        { action: 'document_review.created', actor_id: officer.id },
        { action: 'document_request.created', actor_id: officer.id },
        { action: 'document_request.cancelled', actor_id: officer.id },
        { action: 'document_not_needed.created', actor_id: officer.id },
      ]),
    );
    // The counts the application keeps are not audited themselves.
    expect(audit.data?.map((entry) => entry.action)).not.toContain('application.updated');
  });

  it('names each of the six on the timeline as the checklist names it', async () => {
    const applicationId = await applicationOf(applicant);
    for (const { value } of documentTypes) {
      await client(officer).rpc('set_document_not_needed', {
        application_id: applicationId,
        type: value,
        not_needed: true,
      });
    }
    const { data } = await backend.service
      .from('application_events')
      .select('subject')
      .eq('application_id', applicationId)
      .eq('kind', 'document_not_needed')
      .order('id');
    expect(data?.map((event) => event.subject)).toEqual(documentTypes.map((type) => type.label));
  });

  it('marking a document needed again is on the timeline; marking it twice changes nothing', async () => {
    const applicationId = await applicationOf(applicant);
    const mark = (not_needed: boolean) =>
      client(officer).rpc('set_document_not_needed', { application_id: applicationId, type: 'idDocument', not_needed });
    await mark(true);
    await mark(true);
    await mark(false);
    const { data } = await backend.service
      .from('application_events')
      .select('kind')
      .eq('application_id', applicationId)
      .like('kind', 'document_%')
      .order('id');
    expect(data).toEqual([{ kind: 'document_not_needed' }, { kind: 'document_needed_again' }]);
  });
});
