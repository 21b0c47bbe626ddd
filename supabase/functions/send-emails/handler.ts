import type { SupabaseClient } from '@supabase/supabase-js';
import { evaluatePreQualification, NEXT_STEPS } from '../../../shared/evaluation/evaluate.ts';
import { normalizeEmail, EMAIL_PATTERN } from '../../../shared/validation/email.ts';
import {
  notificationDataError,
  sendEmailsPayloadSchema,
  type SendEmailsPayload,
} from '../../../shared/validation/notifications.ts';
import { callerAddress, json, preflight, readJson, type FunctionHandler } from '../_shared/http.ts';
import type { SendMail } from '../_shared/mail.ts';
import { allowSend, type SendLimits } from '../_shared/rate-limit.ts';
import type { FunctionEnvironment } from '../_shared/service-client.ts';
import { applicantEmail, formOfAnswers, teamEmail } from './templates.ts';

/**
 * The evaluation the e-mails tell, never text a caller made up (the function answers anyone, and the e-mails go
 * out from our sender): with the form's answers, the evaluation of those answers, worked out again here; without
 * (the developer test page), only a result with no unmet criteria and next steps of our own. Undefined when the
 * request's evaluation could not have come from us.
 */
export function evaluationToSend(payload: SendEmailsPayload): SendEmailsPayload['evaluation'] | undefined {
  if (payload.formData) {
    const { qualified, reasons, suggestedNextSteps } = evaluatePreQualification(formOfAnswers(payload.formData));
    return { qualified, reasons, suggestedNextSteps };
  }
  const ours: readonly string[] = Object.values(NEXT_STEPS);
  const { evaluation } = payload;
  return evaluation.reasons.length === 0 && evaluation.suggestedNextSteps.every((step) => ours.includes(step))
    ? evaluation
    : undefined;
}

export const SEND_FAILED_MESSAGE = 'Failed to send emails';
export const RATE_LIMITED_MESSAGE = 'Too many e-mails were requested. Please try again later.';
export const NOT_SUBMITTED_MESSAGE = 'No application was just submitted with these details';
export const SENT_ALREADY_MESSAGE = 'The e-mails of this application were sent already';
export const TEST_EMAILS_OFF_MESSAGE = 'Test e-mails are turned off on this server';

/** How long after an application is submitted its e-mails may be asked for (the wizard asks at once). */
export const SUBMISSION_WINDOW_SECONDS = 3600;

/**
 * The applications a request's e-mails may tell of, newest first: submitted within SUBMISSION_WINDOW_SECONDS with
 * the request's e-mail address and names, as the wizard stores them (shared/application/application-record.ts).
 * The names are compared here, not in the query: a name may be thousands of characters, too long for an address.
 */
async function justSubmitted(service: SupabaseClient, payload: SendEmailsPayload): Promise<string[]> {
  const { data, error } = await service
    .from('applications')
    .select('id, business_name, first_name, last_name')
    .eq('email', payload.applicantEmail)
    .gte('created_at', new Date(Date.now() - SUBMISSION_WINDOW_SECONDS * 1000).toISOString())
    .order('created_at', { ascending: false })
    .limit(20);
  if (error) throw new Error(error.message);
  return data
    .filter(
      (row) =>
        row.business_name === payload.businessName.trim() &&
        row.first_name === payload.firstName.trim() &&
        row.last_name === payload.lastName.trim(),
    )
    .map((row) => String(row.id));
}

/**
 * send-emails (docs/product.md §7): the applicant's confirmation and the team's notification of a
 * pre-qualification. Answers {success} or {success: false, error}. Anyone may call it (visitors apply signed
 * out), so it sends only what an application just submitted tells, once per application: with the form's answers
 * (the wizard), only when such an application exists and its e-mails were not sent yet; without them (the test
 * page), only where `testEmails` is on (server/ in local mode, whose mail stays in the dev mailbox). Rate-limited
 * per calling address and per recipient. Runtime-neutral: server/ and the Deno entry (index.ts) give it mail and a
 * service client.
 */
export function createSendEmailsHandler(
  environment: FunctionEnvironment & { sendMail: SendMail; limits?: SendLimits; testEmails?: boolean },
): FunctionHandler {
  return async (request) => {
    const early = preflight(request);
    if (early) return early;
    const body = await readJson(request);
    const missing = notificationDataError((body ?? {}) as Record<string, unknown>);
    if (missing) return json({ success: false, error: missing }, 400);
    const parsed = sendEmailsPayloadSchema.safeParse(body);
    if (!parsed.success || !EMAIL_PATTERN.test(parsed.data.applicantEmail.trim())) {
      return json({ success: false, error: 'Invalid e-mail notification data' }, 400);
    }
    const evaluation = evaluationToSend(parsed.data);
    if (!evaluation) return json({ success: false, error: 'Invalid e-mail notification data' }, 400);
    const payload = { ...parsed.data, evaluation, applicantEmail: normalizeEmail(parsed.data.applicantEmail) };
    if (!payload.formData && !environment.testEmails) {
      return json({ success: false, error: TEST_EMAILS_OFF_MESSAGE }, 403);
    }
    try {
      const applicationIds = payload.formData ? await justSubmitted(environment.service, payload) : undefined;
      if (applicationIds?.length === 0) return json({ success: false, error: NOT_SUBMITTED_MESSAGE }, 400);
      const decision = await allowSend(
        environment.service,
        { sender: callerAddress(request), recipient: payload.applicantEmail, applicationIds },
        environment.limits,
      );
      if (decision === 'limited') return json({ success: false, error: RATE_LIMITED_MESSAGE }, 429);
      if (decision === 'sent-already') return json({ success: false, error: SENT_ALREADY_MESSAGE }, 409);
      await environment.sendMail(applicantEmail(payload, environment.siteUrl));
      await environment.sendMail(teamEmail(payload, environment.siteUrl));
      return json({ success: true });
    } catch (error) {
      console.error('send-emails failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: SEND_FAILED_MESSAGE }, 500);
    }
  };
}
