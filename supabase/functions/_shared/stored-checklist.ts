import type { SupabaseClient } from '@supabase/supabase-js';
import {
  documentChecklist,
  type Checklist,
  type ChecklistDocument,
  type ChecklistRequest,
  type ChecklistReview,
} from '../../../shared/checklist/document-checklist.ts';

/**
 * An application's document checklist as it stands now, read with the service role (the functions' view of it:
 * the reminders, the lender's page). `documentColumns` adds columns of each document beyond its filing.
 */
export async function storedChecklist<Extra extends Record<string, unknown> = Record<never, never>>(
  service: SupabaseClient,
  applicationId: string,
  documentColumns: readonly (keyof Extra & string)[] = [],
): Promise<Checklist<ChecklistDocument & Extra, ChecklistReview>> {
  const read = async <Row>(table: string, columns: string): Promise<Row[]> => {
    const { data, error } = await service.from(table).select(columns).eq('application_id', applicationId);
    if (error) throw new Error(error.message);
    return (data ?? []) as Row[];
  };
  const [documents, reviews, requests, notNeeded] = await Promise.all([
    read<ChecklistDocument & Extra>(
      'documents',
      ['id', 'type', 'request_id', 'replaces_id', 'created_at', ...documentColumns].join(', '),
    ),
    read<ChecklistReview>('document_reviews', 'document_id, outcome, reason, created_at'),
    read<ChecklistRequest>(
      'document_requests',
      'id, title, details, due_date, created_at, cancelled_at, cancel_reason',
    ),
    read<{ type: string }>('documents_not_needed', 'type'),
  ]);
  return documentChecklist({ documents, reviews, requests, notNeeded: notNeeded.map((row) => row.type) });
}
