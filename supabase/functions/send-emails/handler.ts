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

/**
 * send-emails (docs/product.md §7): the applicant's confirmation and the team's notification of a
 * pre-qualification. Answers {success} or {success: false, error}. Rate-limited per calling address and
 * per recipient. Runtime-neutral: server/ and the Deno entry (index.ts) give it mail and a service client.
 */
export function createSendEmailsHandler(
  environment: FunctionEnvironment & { sendMail: SendMail; limits?: SendLimits },
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
    try {
      const allowed = await allowSend(
        environment.service,
        { sender: callerAddress(request), recipient: payload.applicantEmail },
        environment.limits,
      );
      if (!allowed) return json({ success: false, error: RATE_LIMITED_MESSAGE }, 429);
      await environment.sendMail(applicantEmail(payload, environment.siteUrl));
      await environment.sendMail(teamEmail(payload, environment.siteUrl));
      return json({ success: true });
    } catch (error) {
      console.error('send-emails failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: SEND_FAILED_MESSAGE }, 500);
    }
  };
}
