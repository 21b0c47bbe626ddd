import { z } from 'zod';
import { checklistStates } from '../checklist/document-checklist.ts';
import type { ApplicationRow } from '../db/applications.ts';
import { evaluationPayloadSchema, type evaluationResultSchema } from '../evaluation/evaluation-schema.ts';
import { applicationStatuses } from '../status/transitions.ts';
import { applicationListIds, applicationSortIds, documentsFilters } from '../admin/application-lists.ts';
import { noteBodySchema } from '../validation/admin-forms.ts';
import { replacementReasonSchema } from '../validation/checklist-forms.ts';
import { loanStageFormSchema } from '../validation/loan-offer-form.ts';
import { isoDay } from '../format/dates.ts';
import { syncedTableNames, type IpcChannel, type IpcRequests, type SyncedTable, type SyncPage } from './channels.ts';

/** The desktop IPC contract, part 2: the zod schema main validates each channel's payload with. */

const isoTime = z.iso.datetime({ offset: true });
const uuid = z.uuid();
const text = z.string();

/** A row of public.applications as the API returns it. */
const checklistCount = z.number().int().min(0).max(10_000);

export const applicationRowSchema = z.object({
  id: uuid,
  user_id: uuid.nullable(),
  first_name: text,
  last_name: text,
  email: text,
  phone: text,
  title: text,
  credit_score: text,
  receive_sms: z.boolean(),
  receive_marketing: z.boolean(),
  business_name: text,
  business_website: text,
  business_address: text,
  city: text,
  state: text,
  industry: text,
  years_in_business: text,
  profitable: text,
  annual_revenue: z.number(),
  monthly_debt_payments: z.number(),
  current_business_debt: z.number(),
  loan_amount: text,
  timeframe: text,
  use_of_funds: text,
  has_down_payment: text,
  down_payment_amount: text,
  down_payment_source: text,
  consultation_date: isoTime.nullable(),
  // As stored: the described qualified fallback (docs/architecture.md, Departure 3) and the developer test page write
  // it without criteria, and the cache keeps what the API returns (the admin screens read the same row from the API).
  evaluation_result: evaluationPayloadSchema as unknown as typeof evaluationResultSchema,
  status: z.enum(applicationStatuses),
  assigned_admin_id: uuid.nullable(),
  decided_by: uuid.nullable(),
  decided_at: isoTime.nullable(),
  decision_reason: z.string().nullable(),
  // Absent from a server older than these columns (20261204100000).
  confirmed_by_applicant_at: isoTime.nullable().optional(),
  disowned_at: isoTime.nullable().optional(),
  // Absent from a server older than these columns (20261206110000).
  checklist_counts: z
    .object({
      accepted: checklistCount,
      awaiting_review: checklistCount,
      needs_replacement: checklistCount,
      missing: checklistCount,
      total: checklistCount,
    })
    .optional(),
  checklist_state: z.enum(checklistStates).optional(),
  // Absent from a server older than these columns (20261208130000).
  loan_stage: z.enum(['accepted', 'in_closing', 'funded', 'did_not_close']).nullable().optional(),
  loan_stage_at: isoTime.nullable().optional(),
  expected_closing_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional(),
  created_at: isoTime,
  updated_at: isoTime,
}) satisfies z.ZodType<ApplicationRow>;

const fileFilters = z.array(z.object({ name: text, extensions: z.array(z.string().regex(/^(\*|[a-z0-9]+)$/i)) }));

/** A file name without any folder: the dialog decides where it goes. */
const bareFileName = z
  .string()
  .min(1)
  .refine((name) => !/[\\/]/.test(name) && name !== '.' && name !== '..', 'A file name without folders');

const outboxId = z.number().int().positive();

/** A document reviewed offline, as the officer saw it (its outcome and reason are checked apart). */
const reviewIntent = z.object({
  kind: z.literal('review'),
  applicationId: uuid,
  documentId: uuid,
  expectedUploadedAt: isoTime,
  seenReviewId: uuid.nullable(),
  // The business and file names, as long as their rows hold them (shown in full beside the queued review).
  label: text,
  fileName: text,
});

/**
 * A loan stage recorded offline: checked as the officer's stage form checks it (loanStageFormSchema, on this
 * computer's day), with only its own stage's fields, and only after the stage it follows (as record_loan_stage
 * orders them: In closing after the acceptance, Funded after In closing).
 */
const stageIntent = z
  .object({
    kind: z.literal('stage'),
    applicationId: uuid,
    stage: z.enum(['in_closing', 'funded', 'did_not_close']),
    expectedClosingOn: text.optional(),
    fundedAmount: z.number().optional(),
    fundedOn: text.optional(),
    reason: text.optional(),
    expectedCurrentStage: z.enum(['accepted', 'in_closing']),
    label: text,
  })
  .superRefine((intent, context) => {
    const form = loanStageFormSchema(isoDay(new Date())).safeParse({
      stage: intent.stage,
      expectedClosingOn: intent.expectedClosingOn ?? '',
      fundedAmount: intent.fundedAmount,
      fundedOn: intent.fundedOn ?? '',
      reason: intent.reason ?? '',
    });
    for (const issue of form.error?.issues ?? []) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    const own = { in_closing: ['expectedClosingOn'], funded: ['fundedAmount', 'fundedOn'], did_not_close: ['reason'] };
    for (const field of ['expectedClosingOn', 'fundedAmount', 'fundedOn', 'reason'] as const) {
      if (intent[field] !== undefined && !own[intent.stage].includes(field)) {
        context.addIssue({ code: 'custom', path: [field], message: `Not a field of ${intent.stage}` });
      }
    }
    const follows = { in_closing: ['accepted'], funded: ['in_closing'], did_not_close: ['accepted', 'in_closing'] };
    if (!follows[intent.stage].includes(intent.expectedCurrentStage)) {
      context.addIssue({
        code: 'custom',
        path: ['expectedCurrentStage'],
        message: `${intent.stage} does not follow ${intent.expectedCurrentStage}`,
      });
    }
  });

/**
 * A host name made of letters, digits, dots and hyphens (punycode for others), or an IPv6 address in brackets: the
 * address goes into the window's Content-Security-Policy, where '*' or a quote would let it reach other servers.
 */
const plainHost = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/i;

/** An http(s) address without credentials, query or fragment: where the Supabase API is. */
const serverAddress = z
  .url({ protocol: /^https?$/, error: 'The server address must start with http:// or https://' })
  .refine((value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '' && url.search === '' && url.hash === '';
  }, 'The server address must not contain a user name, password, query or fragment')
  .refine(
    (value) => plainHost.test(new URL(value).hostname),
    'The server address must be a host name of letters, digits, dots and hyphens, or an IP address',
  );

/** The most rows one sync page may carry. */
const syncPageLimit = 5_000;

/** A changed row of a synced table, as the API returned it: an object with an id. */
const syncedRow = z.looseObject({ id: z.union([text.min(1), z.number().int()]) });

/**
 * A sync page: an application is checked whole (the lists and the search are built from its columns); a row of
 * another table is checked for its id and kept as the API sent it, read back typed as its table's row (SyncedRow).
 */
const syncPageSchema = z.discriminatedUnion('table', [
  z.object({ table: z.literal('applications'), rows: z.array(applicationRowSchema).max(syncPageLimit) }),
  z.object({
    table: z.enum(syncedTableNames.filter((table) => table !== 'applications') as [SyncedTable, ...SyncedTable[]]),
    rows: z.array(syncedRow).max(syncPageLimit),
  }),
]) as unknown as z.ZodType<SyncPage>;

/** Typed by channel, so `ipcRequestSchemas[channel]` validates exactly that channel's request type. */
type IpcRequestSchemas = { [C in IpcChannel]: z.ZodType<IpcRequests[C]> };

export const ipcRequestSchemas: IpcRequestSchemas = {
  'app:get-info': z.undefined(),
  'settings:get': z.undefined(),
  'settings:save-connection': z.object({ supabaseUrl: serverAddress, anonKey: text.min(20).max(4096).optional() }),
  'settings:set-document-budget': z.object({ megabytes: z.number().int().min(0).max(100_000) }),
  'cache:get-status': z.undefined(),
  'cache:store-changes': syncPageSchema,
  'cache:finish-sync': z.object({ syncedAt: isoTime }),
  'cache:applications-page': z.object({
    list: z.enum(applicationListIds),
    search: z.string().max(200),
    sort: z.enum(applicationSortIds),
    page: z.number().int().min(0),
    documents: z.enum(documentsFilters).optional(),
  }),
  'cache:application-list-counts': z.undefined(),
  'cache:application-detail': z.object({ id: uuid }),
  'cache:lenders': z.undefined(),
  'cache:pipeline-history': z.undefined(),
  'cache:rate-index-values': z.undefined(),
  'cache:claim': z.object({ userId: uuid }),
  'cache:clear': z.undefined(),
  'documents:keep': z.object({ documentId: uuid, data: z.instanceof(Uint8Array) }),
  'documents:read': z.object({ documentId: uuid }),
  'documents:show': z.object({ documentId: uuid, fileName: bareFileName }),
  'outbox:enqueue': z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('decide'),
      applicationId: uuid,
      decision: z.enum(['approved', 'rejected']),
      reason: z.string().max(2_000),
      expectedStatus: z.enum(applicationStatuses),
      // The business name, as long as the applications row holds it (shown in full beside the queued decision).
      label: text,
    }),
    z.object({
      kind: z.literal('note'),
      applicationId: uuid,
      noteId: uuid,
      body: noteBodySchema,
      label: text,
    }),
    // As review_document holds it: a reason only, and then always, for a document that needs replacement.
    z.discriminatedUnion('outcome', [
      reviewIntent.extend({ outcome: z.literal('accepted'), reason: z.null() }),
      reviewIntent.extend({ outcome: z.literal('needs_replacement'), reason: replacementReasonSchema }),
    ]),
    stageIntent,
  ]),
  'outbox:list': z.undefined(),
  'outbox:settle': z.object({
    id: outboxId,
    outcome: z.enum(['done', 'conflict', 'refused']),
    message: z.string().max(2_000).nullable(),
    // What the server holds in words, with its decision reason (up to 2,000 characters) in full.
    serverState: text.nullable(),
  }),
  'outbox:postpone': z.object({ id: outboxId, error: z.string().max(2_000) }),
  'outbox:dismiss': z.object({ id: outboxId }),
  'dialog:save-file': z.object({
    suggestedName: bareFileName,
    data: z.union([z.string(), z.instanceof(Uint8Array)]),
    filters: fileFilters.optional(),
  }),
  'dialog:open-file': z.object({ title: text.optional(), filters: fileFilters.optional() }),
};
