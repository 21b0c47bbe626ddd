import { z } from 'zod';
import { evaluationPayloadSchema } from '../evaluation/evaluation-schema.ts';
import { isBlank } from './field-errors.ts';

/** docs/product.md §5: the data checks before notification e-mails are sent and before an application is created. */

const NOTIFICATION_DATA_MESSAGE = 'Missing required data for email notifications';
const APPLICATION_DATA_MESSAGE = 'Missing required application data';

type Identity = { businessName?: unknown; firstName?: unknown; lastName?: unknown };

function anyBlank(values: unknown[]): boolean {
  return values.some(isBlank);
}

/** Creating an application needs email, businessName, firstName and lastName. */
export function applicationDataError(data: Identity & { email?: unknown }): string | undefined {
  return anyBlank([data.email, data.businessName, data.firstName, data.lastName])
    ? APPLICATION_DATA_MESSAGE
    : undefined;
}

/** The send-emails function needs the applicant's e-mail, businessName, firstName and lastName. */
export function notificationDataError(payload: Identity & { applicantEmail?: unknown }): string | undefined {
  return anyBlank([payload.applicantEmail, payload.businessName, payload.firstName, payload.lastName])
    ? NOTIFICATION_DATA_MESSAGE
    : undefined;
}

/**
 * The send-emails request body (docs/product.md §3, Test email payload, and §7); formData is absent when the test page
 * sends it.
 */
export const sendEmailsPayloadSchema = z.object({
  applicantEmail: z.string(),
  businessName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  evaluation: evaluationPayloadSchema,
  formData: z.record(z.string(), z.unknown()).optional(),
});

export type SendEmailsPayload = z.infer<typeof sendEmailsPayloadSchema>;

/** The send-emails response: success, and an error message when it failed. */
export type SendEmailsResponse = { success: boolean; error?: string };
