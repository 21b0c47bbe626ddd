import { z } from 'zod';
import type { ApplicationRow } from '../db/applications.ts';
import { evaluationResultSchema } from '../evaluation/evaluation-schema.ts';
import { applicationStatuses } from '../status/transitions.ts';
import { cachedTables, outboxOperations, type IpcChannel, type IpcRequests } from './channels.ts';

/** The desktop IPC contract, part 2: the zod schema main validates each channel's payload with. */

const isoTime = z.iso.datetime({ offset: true });
const uuid = z.uuid();
const text = z.string();

/** A row of public.applications as the API returns it. */
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
  evaluation_result: evaluationResultSchema,
  status: z.enum(applicationStatuses),
  assigned_admin_id: uuid.nullable(),
  decided_by: uuid.nullable(),
  decided_at: isoTime.nullable(),
  decision_reason: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
}) satisfies z.ZodType<ApplicationRow>;

const cachedRecordSchema = z.object({
  table: z.enum(cachedTables),
  id: text.min(1),
  applicationId: uuid.nullable(),
  data: z.record(z.string(), z.unknown()),
});

const fileFilters = z.array(z.object({ name: text, extensions: z.array(z.string().regex(/^(\*|[a-z0-9]+)$/i)) }));

/** A file name without any folder: the dialog decides where it goes. */
const bareFileName = z
  .string()
  .min(1)
  .refine((name) => !/[\\/]/.test(name) && name !== '.' && name !== '..', 'A file name without folders');

const outboxId = z.number().int().positive();

/** Typed by channel, so `ipcRequestSchemas[channel]` validates exactly that channel's request type. */
export type IpcRequestSchemas = { [C in IpcChannel]: z.ZodType<IpcRequests[C]> };

export const ipcRequestSchemas: IpcRequestSchemas = {
  'app:get-info': z.undefined(),
  'cache:list-applications': z.object({ status: z.enum(applicationStatuses).optional() }),
  'cache:get-application': z.object({ id: uuid }),
  'cache:list-records': z.object({ table: z.enum(cachedTables), applicationId: uuid.optional() }),
  'cache:store-snapshot': z.object({
    syncedAt: isoTime,
    applications: z.array(applicationRowSchema),
    records: z.array(cachedRecordSchema),
  }),
  'cache:get-status': z.undefined(),
  'outbox:enqueue': z
    .object({
      operation: z.enum(outboxOperations),
      target: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'A table or function name'),
      rowId: text.min(1).nullable(),
      values: z.record(z.string(), z.unknown()),
    })
    .refine((change) => (change.operation === 'update' || change.operation === 'delete') === (change.rowId !== null), {
      error: 'update and delete name a row; insert and rpc do not',
      path: ['rowId'],
    }),
  'outbox:list-pending': z.undefined(),
  'outbox:mark-done': z.object({ id: outboxId }),
  'outbox:mark-failed': z.object({ id: outboxId, error: text }),
  'dialog:save-file': z.object({
    suggestedName: bareFileName,
    data: z.union([z.string(), z.instanceof(Uint8Array)]),
    filters: fileFilters.optional(),
  }),
  'dialog:open-file': z.object({ title: text.optional(), filters: fileFilters.optional() }),
};
