import type { ApplicationRow } from '../../shared/db/applications.ts';
import { sampleApplicationRow } from '../../shared/testing/samples.ts';

/** Test rows shaped as the API returns them (for the cache's tests only). */
export function applicationRow(index: number, changes: Partial<ApplicationRow> = {}): ApplicationRow {
  const suffix = String(index).padStart(12, '0');
  const at = new Date(Date.UTC(2026, 10, 1, 0, 0, index)).toISOString().replace('Z', '+00:00');
  return {
    ...sampleApplicationRow,
    id: `00000000-0000-4000-8000-${suffix}`,
    business_name: `Business ${String(index).padStart(5, '0')}`,
    email: `owner${index}@example.com`,
    created_at: at,
    updated_at: at,
    ...changes,
  };
}

export function documentRow(index: number, applicationId: string, updatedAt: string) {
  return {
    id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    application_id: applicationId,
    user_id: null,
    type: 'taxReturns',
    file_name: `returns-${index}.pdf`,
    file_size: 1024,
    storage_path: `u/taxReturns/${index}.pdf`,
    created_at: updatedAt,
    updated_at: updatedAt,
  };
}
