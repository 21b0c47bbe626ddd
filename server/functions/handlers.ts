import type { SupabaseClient } from '@supabase/supabase-js';
import { createAcceptOfferHandler } from '../../supabase/functions/accept-offer/handler.ts';
import { createAdminClientsHandler } from '../../supabase/functions/admin-clients/handler.ts';
import { createAdminResetPasswordHandler } from '../../supabase/functions/admin-reset-password/handler.ts';
import type { DocumentEmailPolicy } from '../../supabase/functions/_shared/document-emails.ts';
import { createDocumentEmailsHandler } from '../../supabase/functions/document-emails/handler.ts';
import type { FunctionHandler } from '../../supabase/functions/_shared/http.ts';
import type { SendMail } from '../../supabase/functions/_shared/mail.ts';
import type { SendLimits } from '../../supabase/functions/_shared/rate-limit.ts';
import { createLenderPackageHandler } from '../../supabase/functions/lender-package/handler.ts';
import { createNotifyApplicantHandler } from '../../supabase/functions/notify-applicant/handler.ts';
import { createNotifyOfficerHandler } from '../../supabase/functions/notify-officer/handler.ts';
import { createSendBankPackageHandler } from '../../supabase/functions/send-bank-package/handler.ts';
import { createSendEmailsHandler } from '../../supabase/functions/send-emails/handler.ts';
import { createSmsWebhookHandler } from '../../supabase/functions/sms-webhook/handler.ts';
import { createSendSmsHandler } from '../../supabase/functions/send-sms/handler.ts';
import type { SmsEnvironment } from '../../supabase/functions/_shared/sms-sender.ts';

/** The functions server/ serves: the same handlers as supabase/functions, given server/'s mail and client. */
export function createFunctionHandlers(environment: {
  service: SupabaseClient;
  siteUrl: string;
  sendMail: SendMail;
  limits: SendLimits;
  policy: DocumentEmailPolicy;
  twilioAuthToken: string | undefined;
  webhookUrl: string | undefined;
  sms: Omit<SmsEnvironment, 'service' | 'siteUrl'>;
  /** send-emails takes the test page's requests (no application behind them): only in local mode. */
  testEmails: boolean;
}): Record<string, FunctionHandler> {
  return {
    'send-emails': createSendEmailsHandler(environment),
    'admin-clients': createAdminClientsHandler(environment),
    'admin-reset-password': createAdminResetPasswordHandler(environment),
    'notify-applicant': createNotifyApplicantHandler(environment),
    'notify-officer': createNotifyOfficerHandler(environment),
    'send-bank-package': createSendBankPackageHandler(environment),
    'lender-package': createLenderPackageHandler(environment),
    'document-emails': createDocumentEmailsHandler(environment),
    'accept-offer': createAcceptOfferHandler(environment),
    'sms-webhook': createSmsWebhookHandler(environment),
    'send-sms': createSendSmsHandler({ ...environment, ...environment.sms }),
  };
}
