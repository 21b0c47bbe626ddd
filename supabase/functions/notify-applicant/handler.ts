import { notifyApplicantOfEvents } from '../_shared/applicant-events.ts';
import { json, preflight, readJson, type FunctionHandler } from '../_shared/http.ts';
import type { SendMail } from '../_shared/mail.ts';
import { adminCaller, type FunctionEnvironment } from '../_shared/service-client.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * notify-applicant: e-mails the applicant each change of their application they have not been told about
 * yet (one e-mail per timeline event, stamped notified_at), after an officer's decision or consent request.
 * Admins only. Answers {success, sent}.
 */
export function createNotifyApplicantHandler(
  environment: FunctionEnvironment & { sendMail: SendMail },
): FunctionHandler {
  return async (request) => {
    const early = preflight(request);
    if (early) return early;
    const admin = await adminCaller(request, environment.service);
    if (!admin) return json({ success: false, error: 'Only admins can notify applicants' }, 403);
    const body = (await readJson(request)) as { applicationId?: unknown } | undefined;
    const applicationId = typeof body?.applicationId === 'string' ? body.applicationId : '';
    if (!uuid.test(applicationId))
      return json({ success: false, error: 'applicationId must be an application id' }, 400);
    try {
      const sent = await notifyApplicantOfEvents(environment, applicationId);
      if (sent === undefined) return json({ success: false, error: 'No such application' }, 404);
      return json({ success: true, sent });
    } catch (error) {
      console.error('notify-applicant failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: 'Failed to notify the applicant' }, 500);
    }
  };
}
