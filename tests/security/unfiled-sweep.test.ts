import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pdfBytes } from '../support/sample-files.ts';
import { serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';
import { signedInApplicant } from './support.ts';

/**
 * Files uploaded and never filed as documents are removed on a schedule while the server runs, not only at the
 * next start: every second here, once a second old (STORAGE_SWEEP_INTERVAL, STORAGE_SWEEP_GRACE).
 */
const server = serverForThisFile({ env: { STORAGE_SWEEP_INTERVAL: '1', STORAGE_SWEEP_GRACE: '1' } });

describe('the scheduled sweep', () => {
  it('removes an uploaded file nobody filed and keeps the one filed as a document', async () => {
    const applicant = await signedInApplicant(server);
    const bucket = applicant.client.storage.from('documents');
    const unfiled = `${applicant.id}/taxReturns/${randomUUID()}.pdf`;
    const filed = `${applicant.id}/taxReturns/${randomUUID()}.pdf`;
    expect((await bucket.upload(unfiled, new Blob([pdfBytes('never filed')]))).error).toBeNull();
    expect((await bucket.upload(filed, new Blob([pdfBytes('filed')]))).error).toBeNull();
    const row = await applicant.client.from('documents').insert({
      user_id: applicant.id,
      uploaded_by: applicant.id,
      type: 'taxReturns',
      file_name: 'return.pdf',
      file_size: 100,
      content_type: 'application/pdf',
      storage_path: filed,
    });
    expect(row.error).toBeNull();

    const service = serviceClient(server).storage.from('documents');
    await expect
      .poll(async () => (await service.download(unfiled)).error?.message ?? 'still there', {
        timeout: 30_000,
        interval: 250,
      })
      .toMatch(/not found/i);
    expect((await service.download(filed)).error).toBeNull();
  });
});
