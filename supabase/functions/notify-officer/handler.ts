import { notifyOfficerOfConsentAnswers } from '../_shared/officer-events.ts';
import { json, preflight, readJson, type FunctionHandler } from '../_shared/http.ts';
import type { SendMail } from '../_shared/mail.ts';
import { signedInCaller, type FunctionEnvironment } from '../_shared/service-client.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * notify-officer: the portal calls it after the applicant answers a consent request (approve, decline, withdraw
 * an approval); it e-mails the officer who asked each answer not told yet (see notifyOfficerOfConsentAnswers).
 * Only the application's applicant may call it: their account, or their confirmed e-mail while no account has the
 * application, as the database's read policy has it. It sends nothing but the notices due, once each. Answers {success, sent}.
 */
export function createNotifyOfficerHandler(environment: FunctionEnvironment & { sendMail: SendMail }): FunctionHandler {
  const { service } = environment;
  return async (request) => {
    const early = preflight(request);
    if (early) return early;
    if (request.method !== 'POST') return json({ success: false, error: 'Method not allowed' }, 405);
    const caller = await signedInCaller(request, service);
    if (!caller) return json({ success: false, error: 'Sign in first' }, 401);
    const body = (await readJson(request)) as { applicationId?: unknown } | undefined;
    const applicationId = typeof body?.applicationId === 'string' ? body.applicationId : '';
    if (!uuid.test(applicationId)) {
      return json({ success: false, error: 'applicationId must be an application id' }, 400);
    }
    try {
      const { data: application, error } = await service
        .from('applications')
        .select('id, user_id, email, disowned_at, business_name, first_name, last_name')
        .eq('id', applicationId)
        .maybeSingle();
      if (error) throw new Error(error.message);
      // The read policy's rule: by its e-mail only while no account has it, and nobody has said it is not theirs.
      const own =
        application &&
        (application.user_id === caller.id ||
          (application.user_id === null &&
            application.disowned_at === null &&
            caller.emailConfirmed &&
            caller.email?.toLowerCase() === application.email));
      // The same answer for someone else's application as for none: nobody learns which ids exist.
      if (!own) return json({ success: false, error: 'No such application' }, 404);
      const sent = await notifyOfficerOfConsentAnswers(environment, application);
      return json({ success: true, sent });
    } catch (error) {
      console.error('notify-officer failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: 'Failed to notify the loan officer' }, 500);
    }
  };
}
