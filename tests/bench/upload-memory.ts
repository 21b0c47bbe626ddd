import { randomUUID } from 'node:crypto';
import { largePdf } from '../support/sample-files.ts';
import { removeDataDir, serviceClient, startServerProcess, temporaryDataDir } from '../support/server-process.ts';
import { residentBytes, verdict } from './measure.ts';

const MB = 1024 * 1024;
const TARGET_GROWTH = 64 * MB;

/** The uploaded file's size, in MB. */
export type UploadMemorySize = { fileMb: number };

/**
 * Server memory while a 25 MB document is uploaded: the peak resident memory of the server process,
 * sampled every 10 ms, minus its resident memory just before. Target: growth at most 64 MB, i.e. the
 * upload streams to disk instead of being held in memory. The baseline printed beside it is the file size.
 */
export async function benchUploadMemory(size: UploadMemorySize): Promise<string[]> {
  const fileBytes = size.fileMb * MB;
  const dataDir = temporaryDataDir('loan-match-bench-upload-');
  const server = await startServerProcess({ dataDir, env: { LOG_LEVEL: 'error' }, pglite: true });
  try {
    const pid = server.child.pid!;
    const bucket = serviceClient(server).storage.from('documents');
    // Warm up the upload path (first request compiles code paths and allocates pools).
    await bucket.upload(`${randomUUID()}/taxReturns/${randomUUID()}.pdf`, new Blob([largePdf(64 * 1024)]));
    const body = new Blob([largePdf(fileBytes)]);
    const before = await residentBytes(pid);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      const deadline = Date.now() + 120_000;
      while (sampling && Date.now() < deadline) {
        peak = Math.max(peak, await residentBytes(pid));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const started = performance.now();
    const { error } = await bucket.upload(`${randomUUID()}/taxReturns/${randomUUID()}.pdf`, body);
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    if (error) throw new Error(`upload failed: ${error.message}`);
    const growth = peak - before;
    return [
      `${size.fileMb} MB upload in ${seconds.toFixed(2)} s; server RSS ${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB`,
      `memory growth ${(growth / MB).toFixed(1)} MB = ${(growth / fileBytes).toFixed(2)} x the file size (target <= 64 MB: ${verdict(growth <= TARGET_GROWTH)})`,
    ];
  } finally {
    await server.stop();
    await removeDataDir(dataDir);
  }
}
