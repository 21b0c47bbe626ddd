import { randomUUID } from 'node:crypto';
import type { ApiKeys } from '../../server/keys.ts';
import { percentile } from '../bench/measure.ts';
import { qualifiedApplicationRow } from '../support/application-rows.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { clientWithKey } from '../support/server-process.ts';

export type LoadServer = { url: string; keys: ApiKeys };

/**
 * The server settings of a load run (and of the submission benchmark). Its many simulated visitors all call from 127.0.0.1, whose submissions the
 * per-IP limit (sized for one person: RATE_LIMIT_SUBMISSION*) would refuse after the first five: it is off, or the
 * run would measure 429s. The limit has its own test (tests/integration/submission-rate-limit.test.ts). So is the
 * per-account upload rate (tests/security/upload-limits.test.ts): its simulated applicants upload in a loop.
 */
export const loadServerEnv = {
  LOG_LEVEL: 'error',
  RATE_LIMIT_SUBMISSIONS_PER_5_MIN: '0',
  RATE_LIMIT_UPLOAD_BURST: '0',
};

type Kind = 'submission' | 'upload' | 'admin read';

export type KindFigures = { requests: number; p50Ms: number; p99Ms: number; errors: number };

export type LoadReport = {
  seconds: number;
  requestsPerSecond: number;
  byKind: Record<Kind, KindFigures>;
  /** Answers with a 5xx status (none is acceptable). */
  serverErrors: number;
  /** Other failures: refused requests, resets, timeouts. */
  otherErrors: string[];
  acknowledged: number;
  /** Acknowledged submissions not found in the database afterwards (none is acceptable). */
  missing: number;
};

async function signedIn(server: LoadServer, email: string, password: string, admin: boolean): Promise<string> {
  const service = clientWithKey(server.url, server.keys.serviceRoleKey);
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: admin ? { role: 'admin' } : {},
  });
  if (created.error) throw new Error(`creating ${email}: ${created.error.message}`);
  const client = clientWithKey(server.url, server.keys.anonKey);
  const session = await client.auth.signInWithPassword({ email, password });
  if (!session.data.session) throw new Error(`signing in ${email} failed`);
  return session.data.session.access_token;
}

/**
 * Pre-qualification submissions from `concurrency` clients on loopback, mixed with portal uploads (one in
 * twenty requests) and admin list reads (one in ten), until `submissions` were sent or `maxSeconds` passed.
 * Then every acknowledged submission (HTTP 201) is looked for in the database.
 */
export async function runMixedLoad(
  server: LoadServer,
  { submissions, concurrency, maxSeconds }: { submissions: number; concurrency: number; maxSeconds: number },
): Promise<LoadReport> {
  const tag = `Load ${randomUUID().slice(0, 8)}`;
  const applicant = await signedIn(
    server,
    `load-applicant-${randomUUID().slice(0, 8)}@example.com`,
    `Pw-${randomUUID()}`,
    false,
  );
  const applicantId = JSON.parse(Buffer.from(applicant.split('.')[1]!, 'base64url').toString()).sub as string;
  const officer = await signedIn(
    server,
    `load-officer-${randomUUID().slice(0, 8)}@example.com`,
    `Pw-${randomUUID()}`,
    true,
  );
  const document = pdfBytes('Load test statement');

  const latencies: Record<Kind, number[]> = { submission: [], upload: [], 'admin read': [] };
  const errors: Record<Kind, number> = { submission: 0, upload: 0, 'admin read': 0 };
  const acknowledged: string[] = [];
  const otherErrors: string[] = [];
  let serverErrors = 0;
  let sent = 0;
  let index = 0;

  const request = async (kind: Kind, position: number): Promise<void> => {
    const started = performance.now();
    try {
      let response: Response;
      if (kind === 'submission') {
        const email = `load-${position}-${randomUUID().slice(0, 8)}@example.com`;
        response = await fetch(`${server.url}/rest/v1/applications`, {
          method: 'POST',
          headers: {
            apikey: server.keys.anonKey,
            authorization: `Bearer ${server.keys.anonKey}`,
            'content-type': 'application/json',
            prefer: 'return=minimal',
          },
          body: JSON.stringify(qualifiedApplicationRow({ email, business_name: `${tag} ${position}` })),
        });
        if (response.status === 201) acknowledged.push(email);
      } else if (kind === 'upload') {
        response = await fetch(
          `${server.url}/storage/v1/object/documents/${applicantId}/bankStatements/${randomUUID()}.pdf`,
          {
            method: 'POST',
            headers: {
              apikey: server.keys.anonKey,
              authorization: `Bearer ${applicant}`,
              'content-type': 'application/pdf',
            },
            body: document,
          },
        );
      } else {
        response = await fetch(
          `${server.url}/rest/v1/applications?select=id,business_name&order=created_at.desc&limit=25`,
          {
            headers: { apikey: server.keys.anonKey, authorization: `Bearer ${officer}` },
          },
        );
      }
      await response.arrayBuffer();
      if (response.status >= 500) serverErrors += 1;
      if (!response.ok) {
        errors[kind] += 1;
        if (otherErrors.length < 10) otherErrors.push(`${kind}: HTTP ${response.status}`);
      }
    } catch (error) {
      errors[kind] += 1;
      if (otherErrors.length < 10)
        otherErrors.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      latencies[kind].push(performance.now() - started);
    }
  };

  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  const worker = async () => {
    while (sent < submissions && performance.now() < deadline) {
      const position = index++;
      const kind: Kind = position % 20 === 0 ? 'upload' : position % 10 === 5 ? 'admin read' : 'submission';
      if (kind === 'submission') sent += 1;
      await request(kind, position);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;

  // Every acknowledged submission is in the database.
  const service = clientWithKey(server.url, server.keys.serviceRoleKey);
  const stored = new Set<string>();
  for (let from = 0; ; from += 1000) {
    const { data, error } = await service
      .from('applications')
      .select('email')
      .like('business_name', `${tag} %`)
      .order('id')
      .range(from, from + 999);
    if (error) throw new Error(`reading back: ${error.message}`);
    for (const row of data ?? []) stored.add(String(row.email));
    if ((data ?? []).length < 1000) break;
  }
  const figures = (kind: Kind): KindFigures => {
    const sorted = [...latencies[kind]].sort((a, b) => a - b);
    return {
      requests: sorted.length,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      errors: errors[kind],
    };
  };
  const total = latencies.submission.length + latencies.upload.length + latencies['admin read'].length;
  return {
    seconds,
    requestsPerSecond: total / seconds,
    byKind: { submission: figures('submission'), upload: figures('upload'), 'admin read': figures('admin read') },
    serverErrors,
    otherErrors,
    acknowledged: acknowledged.length,
    missing: acknowledged.filter((email) => !stored.has(email)).length,
  };
}

export function formatLoadReport(report: LoadReport): string[] {
  const kinds = Object.entries(report.byKind).map(
    ([kind, figures]) =>
      `${kind}: ${figures.requests} requests, p50 ${figures.p50Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms, ${figures.errors} errors`,
  );
  return [
    `${report.requestsPerSecond.toFixed(0)} requests/s over ${report.seconds.toFixed(1)} s`,
    ...kinds,
    `5xx answers: ${report.serverErrors}; acknowledged submissions: ${report.acknowledged}, missing afterwards: ${report.missing}`,
    ...report.otherErrors.map((error) => `error: ${error}`),
  ];
}
