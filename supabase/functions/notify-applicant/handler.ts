import { json, preflight, readJson, type FunctionHandler } from '../_shared/http.ts';
import type { SendMail } from '../_shared/mail.ts';
import { adminCaller, type FunctionEnvironment } from '../_shared/service-client.ts';
import { applicationChangeEmail } from './templates.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Timeline events an applicant is e-mailed about (the submission has its own e-mail, send-emails). */
const NOTIFIED_KINDS = ['approved', 'rejected'];

/**
 * notify-applicant: e-mails the applicant each change of their application they have not been told about
 * yet (one e-mail per timeline event, stamped notified_at), after an officer's decision. Admins only.
 * Answers {success, sent}.
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
      const { data: application, error } = await environment.service
        .from('applications')
        .select('email, first_name, business_name')
        .eq('id', applicationId)
        .maybeSingle();
      if (error) throw new Error(error.message);
      if (!application) return json({ success: false, error: 'No such application' }, 404);
      const events = await environment.service
        .from('application_events')
        .select('id, kind, reason')
        .eq('application_id', applicationId)
        .in('kind', NOTIFIED_KINDS)
        .is('notified_at', null)
        .order('id');
      if (events.error) throw new Error(events.error.message);
      let sent = 0;
      for (const event of events.data ?? []) {
        await environment.sendMail(
          applicationChangeEmail(
            {
              kind: event.kind,
              reason: event.reason,
              email: application.email,
              firstName: application.first_name,
              businessName: application.business_name,
            },
            environment.siteUrl,
          ),
        );
        const stamped = await environment.service
          .from('application_events')
          .update({ notified_at: new Date().toISOString() })
          .eq('id', event.id);
        if (stamped.error) throw new Error(stamped.error.message);
        sent += 1;
      }
      return json({ success: true, sent });
    } catch (error) {
      console.error('notify-applicant failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: 'Failed to notify the applicant' }, 500);
    }
  };
}
