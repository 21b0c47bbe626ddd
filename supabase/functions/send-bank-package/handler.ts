import { brand } from '../../../shared/brand/brand.ts';
import { documentTypes } from '../../../shared/catalogue/documents.ts';
import { ADMIN_MESSAGES } from '../../../shared/messages/portal-admin.ts';
import { bankPackageNumber } from '../../../shared/summary/file-names.ts';
import { json, preflight, readJson, type FunctionHandler } from '../_shared/http.ts';
import { escapeHtml, type SendMail } from '../_shared/mail.ts';
import { adminCaller, type FunctionEnvironment } from '../_shared/service-client.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const email = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

/** How long the bank's links to the documents work: 7 days (the storage API's longest signed link). */
export const BANK_LINK_SECONDS = 7 * 24 * 3600;

/**
 * send-bank-package: Send to Bank (DESIGN departure 11). E-mails a generated package to the bank the officer
 * names, with the applicant's documents as links that expire after 7 days (never attachments), then marks it
 * sent with the bank and the date and records the officer in the audit log. Admins only; a package already
 * sent is refused (409). Answers {success, sentAt}.
 */
export function createSendBankPackageHandler(
  environment: FunctionEnvironment & { sendMail: SendMail },
): FunctionHandler {
  return async (request) => {
    const early = preflight(request);
    if (early) return early;
    const admin = await adminCaller(request, environment.service);
    if (!admin) return json({ success: false, error: 'Only admins can send bank packages' }, 403);
    const body = (await readJson(request)) as
      { packageId?: unknown; bankName?: unknown; bankEmail?: unknown } | undefined;
    const packageId = typeof body?.packageId === 'string' ? body.packageId : '';
    const bankName = typeof body?.bankName === 'string' ? body.bankName.trim() : '';
    const bankEmail = typeof body?.bankEmail === 'string' ? body.bankEmail.trim().toLowerCase() : '';
    if (!uuid.test(packageId) || bankName === '' || bankName.length > 200 || !email.test(bankEmail)) {
      return json({ success: false, error: 'A package id, the bank’s name and a valid e-mail are required' }, 400);
    }
    const { service } = environment;
    try {
      const { data: bankPackage, error } = await service
        .from('bank_packages')
        .select('id, status, summary, application_id')
        .eq('id', packageId)
        .maybeSingle();
      if (error) throw new Error(error.message);
      if (!bankPackage) return json({ success: false, error: 'No such bank package' }, 404);
      if (bankPackage.status !== 'generated') {
        return json({ success: false, error: 'This package has already been sent' }, 409);
      }
      const documents = await service
        .from('documents')
        .select('type, file_name, storage_path')
        .eq('application_id', bankPackage.application_id)
        .order('type');
      if (documents.error) throw new Error(documents.error.message);
      const links: { label: string; url: string }[] = [];
      for (const document of documents.data ?? []) {
        const signed = await service.storage
          .from('documents')
          .createSignedUrl(document.storage_path, BANK_LINK_SECONDS);
        if (signed.error || !signed.data) throw new Error(signed.error?.message ?? 'no signed link');
        const type = documentTypes.find((item) => item.value === document.type)?.label ?? document.type;
        links.push({ label: `${type}: ${document.file_name}`, url: signed.data.signedUrl });
      }
      const number = bankPackageNumber(bankPackage.id);
      const intro = `Loan package ${number} from ${brand.productName}. The documents are available through the links below for 7 days.`;
      const linkLines =
        links.length > 0 ? links.map((link) => `${link.label}\n${link.url}`) : ['No documents were uploaded.'];
      await environment.sendMail({
        to: bankEmail,
        subject: `${brand.productName} loan package ${number}`,
        text: [`Dear ${bankName} team,`, intro, bankPackage.summary, 'Documents:', ...linkLines].join('\n\n'),
        html: `<!doctype html><html><body style="font-family: Arial, sans-serif"><p>${escapeHtml(`Dear ${bankName} team,`)}</p><p>${escapeHtml(intro)}</p><pre style="white-space: pre-wrap">${escapeHtml(bankPackage.summary)}</pre><p>Documents:</p><ul>${links
          .map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></li>`)
          .join('')}</ul></body></html>`,
        replyTo: brand.loansEmail,
      });
      const sentAt = new Date().toISOString();
      const updated = await service
        .from('bank_packages')
        .update({ status: 'sent', bank_name: bankName, bank_email: bankEmail, sent_at: sentAt })
        .eq('id', packageId)
        .eq('status', 'generated')
        .select('id');
      if (updated.error) throw new Error(updated.error.message);
      const audit = await service.from('audit_log').insert({
        actor_id: admin.id,
        action: 'bank_package.sent_to_bank',
        table_name: 'bank_packages',
        record_id: packageId,
        details: { bank_name: bankName, bank_email: bankEmail, documents: links.length },
      });
      if (audit.error) throw new Error(audit.error.message);
      return json({ success: true, sentAt });
    } catch (error) {
      console.error('send-bank-package failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: ADMIN_MESSAGES.packageSendFailed }, 500);
    }
  };
}
