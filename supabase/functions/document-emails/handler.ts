import { sendDocumentEmails, type DocumentEmailPolicy } from '../_shared/document-emails.ts';
import { json, preflight, type FunctionHandler } from '../_shared/http.ts';
import type { SendMail } from '../_shared/mail.ts';
import type { FunctionEnvironment } from '../_shared/service-client.ts';
import { fromServiceRole } from '../_shared/service-role.ts';

/**
 * document-emails: sends the e-mails of the officers' requests and reviews that are due, the reminders of
 * outstanding documents (supabase/functions/_shared/document-emails.ts) and the officers' e-mails of the files that
 * answer them (officer-document-emails.ts). A hosted project's pg_cron calls it every few minutes with the service-role key
 * (README, Hosted Supabase); server/ runs the same work on its own timer. Only the service role may call it:
 * nobody else decides when applicants and officers are e-mailed. Answers {success, updateEmails, reminders,
 * officerEmails}.
 */
export function createDocumentEmailsHandler(
  environment: FunctionEnvironment & { sendMail: SendMail; policy: DocumentEmailPolicy },
): FunctionHandler {
  return async (request) => {
    const early = preflight(request);
    if (early) return early;
    if (!(await fromServiceRole(request, environment))) {
      return json({ success: false, error: 'Only the service role can send the document e-mails' }, 403);
    }
    try {
      return json({ success: true, ...(await sendDocumentEmails(environment, environment.policy)) });
    } catch (error) {
      console.error('document-emails failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: 'Failed to send the document e-mails' }, 500);
    }
  };
}
