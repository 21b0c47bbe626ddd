import type { SupabaseClient } from '@supabase/supabase-js';
import type { PreQualificationForm } from '../../../../shared/catalogue/pre-qualification.ts';
import { buildApplicationRecord } from '../../../../shared/application/application-record.ts';
import { evaluatePreQualification, type EvaluationResult } from '../../../../shared/evaluation/evaluate.ts';
import { APPLICATION_MESSAGES, applicationInsertErrorMessage } from '../../../../shared/messages/application.ts';
import { normalizeEmail } from '../../../../shared/validation/email.ts';
import {
  applicationDataError,
  notificationDataError,
  type SendEmailsPayload,
  type SendEmailsResponse,
} from '../../../../shared/validation/notifications.ts';
import { submissionError } from '../../../../shared/validation/pre-qualification.ts';
import type { ApiError } from '../../lib/api.ts';
import { newApplicationId, rememberApplicationMadeHere } from '../../lib/applications-made-here.ts';

export type SubmissionResult = { data: EvaluationResult } | { error: ApiError };

/**
 * The notification e-mails (docs/product.md §7, Application and e-mail): to the applicant and to the loan team. A
 * failure is logged and ignored (docs/product.md §8, Application submission): the applicant still sees the result.
 */
async function sendNotificationEmails(
  supabase: SupabaseClient,
  form: PreQualificationForm,
  evaluation: EvaluationResult,
): Promise<void> {
  const payload: SendEmailsPayload = {
    applicantEmail: normalizeEmail(form.email),
    businessName: form.businessName.trim(),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    evaluation,
    formData: form,
  };
  const missing = notificationDataError(payload);
  if (missing) {
    console.error(APPLICATION_MESSAGES.emailFailed, missing);
    return;
  }
  try {
    const { data, error } = await supabase.functions.invoke<SendEmailsResponse>('send-emails', { body: payload });
    if (error || !data?.success) console.error(APPLICATION_MESSAGES.emailFailed, error ?? data?.error);
  } catch (error) {
    console.error(APPLICATION_MESSAGES.emailFailed, error);
  }
}

/**
 * Submitting on the Review step (docs/product.md §4, §5 and §8): the required-fields check, the evaluation (whose
 * own failure yields the described qualified fallback: docs/architecture.md, Departure 3), the application stored,
 * the e-mails sent. Never throws: a failure comes back as the message the form shows.
 */
export async function submitPreQualification(
  getSupabase: () => Promise<SupabaseClient>,
  form: PreQualificationForm,
): Promise<SubmissionResult> {
  const missing = submissionError(form) ?? applicationDataError(form);
  if (missing) return { error: { message: missing } };

  const evaluation = evaluatePreQualification(form);
  let supabase: SupabaseClient;
  try {
    supabase = await getSupabase();
    const { data: session } = await supabase.auth.getSession();
    // The id is made here, so that this browser knows the application it made: its applicant's portal then
    // takes it as theirs without asking (lib/applications-made-here.ts). No .select(): visitors may insert
    // but not read applications back.
    const id = newApplicationId();
    const { error } = await supabase
      .from('applications')
      .insert({ ...(id ? { id } : {}), ...buildApplicationRecord(form, evaluation, session.session?.user.id ?? null) });
    if (error) {
      console.error('Application insert failed', error);
      return { error: { message: applicationInsertErrorMessage(error), code: error.code } };
    }
    if (id) rememberApplicationMadeHere(id);
  } catch (error) {
    console.error('Application submission failed', error);
    return { error: { message: APPLICATION_MESSAGES.creationFailed } };
  }

  await sendNotificationEmails(supabase, form, evaluation);
  return { data: evaluation };
}
