import { brand } from '../../../shared/brand/brand.ts';
import { optionLabel } from '../../../shared/catalogue/fields.ts';
import { loanAmountOptions } from '../../../shared/catalogue/pre-qualification.ts';
import { formatLongDate, knownTimeZone } from '../../../shared/format/dates.ts';
import {
  addDays,
  LENDER_LINK_DAYS,
  lenderTokenHash,
  lenderViewUrl,
  newLenderToken,
} from '../../../shared/matching/lender-answers.ts';
import { ADMIN_MESSAGES } from '../../../shared/messages/portal-admin.ts';
import { bankPackageNumber } from '../../../shared/summary/file-names.ts';
import { notifyApplicantOfEvents } from '../_shared/applicant-events.ts';
import { json, preflight, readJson, type FunctionHandler } from '../_shared/http.ts';
import { escapeHtml, htmlEmail, type SendMail } from '../_shared/mail.ts';
import { adminCaller, type FunctionEnvironment } from '../_shared/service-client.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The errors of send-bank-package an officer can meet, with their statuses. */
export const SEND_PACKAGE_ERRORS = {
  invalid: 'A package id and a lender id are required',
  noPackage: 'No such bank package',
  noLender: 'No such lender',
  alreadySent: 'This package has already been sent',
  paused: 'This lender is paused',
  noConsent: 'The applicant has not approved this lender',
  consentWithdrawn:
    'The applicant withdrew their approval of this lender while the package was being sent: the link in its e-mail does not open, and the package is not sent',
} as const;

/** The database's refusal of a package to a lender the applicant has not approved (require_lender_consent). */
const NO_CONSENT_CODE = '42501';

/**
 * send-bank-package: Send to Bank (docs/architecture.md, Departure 11 and Lender network). Sends a generated package to
 * a lender of the network the applicant approved: e-mails the lender's contact a link to the lender's page (the
 * link is the credential: it opens only this package, for LENDER_LINK_DAYS, until revoked), marks the package
 * sent with the lender, the officer and the answer deadline, audits it and tells the applicant. Admins only; a
 * package already sent (409), a paused lender (409) or one the applicant has not approved (403) is refused.
 * An optional `timeZone` (IANA) dates the e-mail. Answers {success, sentAt, answerDueAt}.
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
      { packageId?: unknown; lenderId?: unknown; timeZone?: unknown } | undefined;
    const packageId = typeof body?.packageId === 'string' ? body.packageId : '';
    // The dates in the e-mail are the officer's (their browser's zone), as on the letters they make; else the server's.
    const timeZone = knownTimeZone(body?.timeZone);
    const lenderId = typeof body?.lenderId === 'string' ? body.lenderId : '';
    if (!uuid.test(packageId) || !uuid.test(lenderId)) {
      return json({ success: false, error: SEND_PACKAGE_ERRORS.invalid }, 400);
    }
    const { service } = environment;
    try {
      const [found, lenderFound] = await Promise.all([
        service.from('bank_packages').select('id, status, application_id').eq('id', packageId).maybeSingle(),
        service
          .from('lenders')
          .select('id, name, contact_name, contact_email, answer_days, active')
          .eq('id', lenderId)
          .maybeSingle(),
      ]);
      if (found.error) throw new Error(found.error.message);
      if (lenderFound.error) throw new Error(lenderFound.error.message);
      const bankPackage = found.data;
      const lender = lenderFound.data;
      if (!bankPackage) return json({ success: false, error: SEND_PACKAGE_ERRORS.noPackage }, 404);
      if (!lender) return json({ success: false, error: SEND_PACKAGE_ERRORS.noLender }, 404);
      if (bankPackage.status !== 'generated') {
        return json({ success: false, error: SEND_PACKAGE_ERRORS.alreadySent }, 409);
      }
      if (!lender.active) return json({ success: false, error: SEND_PACKAGE_ERRORS.paused }, 409);
      // Checked before any e-mail goes: the claim below is refused for a lender the applicant has not approved only
      // when it names another lender than the package already had.
      const consent = await service
        .from('lender_consents')
        .select('id')
        .eq('application_id', bankPackage.application_id)
        .eq('lender_id', lenderId)
        .eq('status', 'approved')
        .maybeSingle();
      if (consent.error) throw new Error(consent.error.message);
      if (!consent.data) return json({ success: false, error: SEND_PACKAGE_ERRORS.noConsent }, 403);
      const application = await service
        .from('applications')
        .select('business_name, loan_amount')
        .eq('id', bankPackage.application_id)
        .single();
      if (application.error) throw new Error(application.error.message);
      const business = application.data.business_name;
      const amount = optionLabel(loanAmountOptions, application.data.loan_amount);

      const sentAt = new Date();
      const answerDueAt = addDays(sentAt, lender.answer_days);
      const linkExpiresAt = addDays(sentAt, LENDER_LINK_DAYS);
      const token = newLenderToken();
      const link = lenderViewUrl(environment.siteUrl, token);
      const number = bankPackageNumber(bankPackage.id);
      const lines = [
        `Dear ${lender.contact_name},`,
        `${brand.productName} is sending you loan package ${number} for ${business} (loan requested: ${amount}), with the applicant's consent to share it with ${lender.name}.`,
        `Read the package and its documents, and answer interested, need more information or declined, on this page: ${link}`,
        `We would appreciate your answer by ${formatLongDate(answerDueAt, timeZone)}. The link works until ${formatLongDate(linkExpiresAt, timeZone)}; anyone who has it can read the package, so please do not forward it.`,
        `Questions? Write to ${brand.loansEmail}.`,
      ];
      const tokenHash = await lenderTokenHash(token);
      // The package is this request's before any e-mail goes: two officers sending it at once (to one lender or two)
      // must not both e-mail a lender. The claim names the lender and the link (the link opens nothing yet: it has
      // no expiry until the package is marked sent; the audit log shows the claim as an update naming the lender)
      // and is given back if the e-mail cannot go.
      const claimed = await service
        .from('bank_packages')
        .update({ lender_id: lender.id, bank_name: lender.name, link_token_hash: tokenHash })
        .eq('id', packageId)
        .eq('status', 'generated')
        .is('link_token_hash', null)
        .select('id');
      // The approval was withdrawn since it was checked: the database refuses the claim (require_lender_consent).
      if (claimed.error?.code === NO_CONSENT_CODE)
        return json({ success: false, error: SEND_PACKAGE_ERRORS.noConsent }, 403);
      if (claimed.error) throw new Error(claimed.error.message);
      if ((claimed.data ?? []).length === 0) {
        return json({ success: false, error: SEND_PACKAGE_ERRORS.alreadySent }, 409);
      }
      // A withdrawal of the approval meanwhile revoked the claimed link too: the package goes back with no link at all.
      const giveBack = () =>
        service
          .from('bank_packages')
          .update({ lender_id: null, bank_name: '', link_token_hash: null, link_revoked_at: null })
          .eq('id', packageId)
          .eq('status', 'generated')
          .eq('link_token_hash', tokenHash);
      try {
        await environment.sendMail({
          to: lender.contact_email,
          // The borrower in the subject: a lender receives many packages, all addressed to itself.
          subject: `${brand.productName} loan package ${number}: ${business}, ${amount}`,
          text: lines.join('\n\n'),
          html: htmlEmail(
            lines,
            environment.siteUrl,
            `<p><a href="${escapeHtml(link)}">Open loan package ${escapeHtml(number)}</a></p>`,
          ),
          replyTo: brand.loansEmail,
        });
      } catch (error) {
        const givenBack = await giveBack();
        if (givenBack.error) console.error('send-bank-package: the claim could not be given back:', givenBack.error);
        throw error;
      }
      const updated = await service
        .from('bank_packages')
        .update({
          status: 'sent',
          lender_id: lender.id,
          bank_name: lender.name,
          bank_email: lender.contact_email,
          sent_at: sentAt.toISOString(),
          sent_by: admin.id,
          answer_due_at: answerDueAt.toISOString(),
          link_token_hash: tokenHash,
          link_expires_at: linkExpiresAt.toISOString(),
        })
        .eq('id', packageId)
        .eq('status', 'generated')
        .eq('link_token_hash', tokenHash)
        .select('id');
      if (updated.error?.code === NO_CONSENT_CODE) {
        // The applicant withdrew the approval while the e-mail went: its link was never made to open (it has no
        // expiry until the package is sent), and the package goes back to be sent to another lender.
        const givenBack = await giveBack();
        if (givenBack.error) throw new Error(givenBack.error.message);
        return json({ success: false, error: SEND_PACKAGE_ERRORS.consentWithdrawn }, 403);
      }
      if (updated.error) throw new Error(updated.error.message);
      if ((updated.data ?? []).length === 0) {
        return json({ success: false, error: SEND_PACKAGE_ERRORS.alreadySent }, 409);
      }
      const audit = await service.from('audit_log').insert({
        actor_id: admin.id,
        action: 'bank_package.sent_to_lender',
        table_name: 'bank_packages',
        record_id: packageId,
        application_id: bankPackage.application_id,
        details: { lender_id: lender.id, lender_name: lender.name, answer_due_at: answerDueAt.toISOString() },
      });
      if (audit.error) throw new Error(audit.error.message);
      try {
        await notifyApplicantOfEvents(environment, bankPackage.application_id);
      } catch (error) {
        // The package is sent; the applicant's e-mail goes with the next notification.
        console.error('send-bank-package: the applicant could not be e-mailed:', error);
      }
      return json({ success: true, sentAt: sentAt.toISOString(), answerDueAt: answerDueAt.toISOString() });
    } catch (error) {
      console.error('send-bank-package failed:', error instanceof Error ? error.message : error);
      return json({ success: false, error: ADMIN_MESSAGES.packageSendFailed }, 500);
    }
  };
}
