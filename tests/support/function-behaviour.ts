import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../../shared/brand/brand.ts';
import { SMS_REPLIES } from '../../shared/sms/sms-texts.ts';
import { twilioSignature } from '../../shared/sms/twilio-signature.ts';
import { optionLabel } from '../../shared/catalogue/fields.ts';
import { formatLongDate } from '../../shared/format/dates.ts';
import { loanAmountOptions } from '../../shared/catalogue/pre-qualification.ts';
import { ADMIN_MESSAGES } from '../../shared/messages/portal-admin.ts';
import { API_MAX_ROWS } from '../../shared/db/api-limits.ts';
import { evaluatePreQualification, NEXT_STEPS } from '../../shared/evaluation/evaluate.ts';
import { LENDER_VIEW_MESSAGES, lenderTokenHash, newLenderToken } from '../../shared/matching/lender-answers.ts';
import { ACCEPTANCE_STATEMENT, offerSha256, type OfferRevision } from '../../shared/offers/offer-text.ts';
import { ACCEPT_OFFER_MESSAGES } from '../../supabase/functions/accept-offer/handler.ts';
import { sampleForm } from '../../shared/testing/samples.ts';
import { defaultSendLimits } from '../../supabase/functions/_shared/rate-limit.ts';
import {
  NOT_SUBMITTED_MESSAGE,
  SENT_ALREADY_MESSAGE,
  SUBMISSION_WINDOW_SECONDS,
  TEST_EMAILS_OFF_MESSAGE,
} from '../../supabase/functions/send-emails/handler.ts';
import { normalizeEmail } from '../../shared/validation/email.ts';
import type { ClientRow } from '../../shared/admin/client-row.ts';
import { qualifiedApplicationRow } from './application-rows.ts';
import { mailbox, uniqueEmail } from './auth-helpers.ts';
import { storeTestFile } from './filed-documents.ts';
import { acceptOffer } from './lender-links.ts';
import { anonClient, clientWithKey, serviceClient } from './server-process.ts';

/**
 * What the functions do, as a caller sees it through supabase-js `functions.invoke`, written once for both
 * runtimes that serve the same handlers: server/ under Node (tests/integration/functions.test.ts) and each
 * function's Deno entry as a hosted project runs it (tests/integration/functions-deno.test.ts).
 */

export type Outcome = { status: number; body: unknown };

/** An e-mail a function sent, wherever it was delivered (server/'s dev mailbox, the HTTP mail API). */
export type SentMail = { to: string; subject: string; text: string };

/** A Supabase project's address as a client knows it: its URL and its keys. */
export type ApiAddress = { url: string; keys: { anonKey: string; serviceRoleKey: string } };

export type FunctionsTarget = {
  /** The project the callers' clients use: its /functions/v1 reaches the functions under test. */
  api: ApiAddress;
  /** server/ itself: auth and database, and the dev mailbox with auth's e-mails (password resets). */
  server: ApiAddress;
  /** SITE_URL: the site the functions' e-mails and redirects point to. */
  siteUrl: string;
  /** The e-mails the functions sent to one address, newest first. */
  functionMail(to: string): Promise<SentMail[]>;
  /** Whether send-emails takes the test page's requests (server/ in local mode; SEND_EMAILS_TEST_PAGE=on). */
  testEmails: boolean;
};

export const testPassword = 'correct horse battery';

/** The Twilio settings both runtimes' sms-webhook get (a made-up token; Twilio is never reached). */
export const SMS_WEBHOOK_TEST = {
  authToken: 'twilio-test-auth-token',
  url: 'https://loans.example/functions/v1/sms-webhook',
} as const;

/** A function's answer: its status and JSON body, whether supabase-js calls it a success or an error. */
export async function invoke(
  client: SupabaseClient,
  name: string,
  body: Record<string, unknown> | undefined,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
): Promise<Outcome> {
  const { data, error } = await client.functions.invoke(name, { ...(body ? { body } : {}), ...options });
  if (!error) return { status: 200, body: data };
  if (!(error instanceof FunctionsHttpError)) throw error;
  const response = error.context as Response;
  return { status: response.status, body: await response.json() };
}

/** A client of `api` signed in with e-mail and password. */
export async function signedIn(api: ApiAddress, email: string): Promise<SupabaseClient> {
  const client = anonClient(api);
  const { error } = await client.auth.signInWithPassword({ email, password: testPassword });
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`);
  return client;
}

/** An account with app_metadata.role = admin, created with the service role, and a client signed in as it. */
export async function signedInAdmin(target: FunctionsTarget): Promise<SupabaseClient> {
  const email = uniqueEmail('officer');
  const created = await serviceClient(target.server).auth.admin.createUser({
    email,
    password: testPassword,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  if (created.error) throw new Error(created.error.message);
  return signedIn(target.api, email);
}

/** An application whose officer declined it and whose applicant has not been e-mailed about it yet. */
export async function declinedApplication(target: FunctionsTarget): Promise<{ id: string; applicant: string }> {
  const service = serviceClient(target.server);
  const applicant = uniqueEmail('declined');
  const inserted = await service
    .from('applications')
    .insert(qualifiedApplicationRow({ email: applicant }))
    .select('id')
    .single();
  if (inserted.error) throw new Error(inserted.error.message);
  const id = String(inserted.data.id);
  const declined = await service
    .from('applications')
    .update({ status: 'rejected', decision_reason: 'Too early' })
    .eq('id', id);
  if (declined.error) throw new Error(declined.error.message);
  return { id, applicant };
}

/** A generated (not yet sent) bank package of an approved application. */
/** A generated package of the application (set up with the service role). */
async function newBankPackage(target: FunctionsTarget, applicationId: string): Promise<string> {
  const generated = await serviceClient(target.server)
    .from('bank_packages')
    .insert({ application_id: applicationId, summary: 'Executive summary' })
    .select('id')
    .single();
  if (generated.error) throw new Error(generated.error.message);
  return String(generated.data.id);
}

export async function generatedBankPackage(
  target: FunctionsTarget,
): Promise<{ packageId: string; applicationId: string; applicant: string }> {
  const service = serviceClient(target.server);
  const row = qualifiedApplicationRow();
  const approved = await service.from('applications').insert(row).select('id').single();
  if (approved.error) throw new Error(approved.error.message);
  const updated = await service.from('applications').update({ status: 'approved' }).eq('id', approved.data.id);
  if (updated.error) throw new Error(updated.error.message);
  return {
    packageId: await newBankPackage(target, String(approved.data.id)),
    applicationId: String(approved.data.id),
    applicant: String(row.email),
  };
}

/**
 * A lender of the network (its own, with a unique contact address) and the applicant's answer to it for one
 * application: 'approved' lets a package go to it. Written with the service role, as the test's set-up.
 */
export async function lenderWithConsent(
  target: FunctionsTarget,
  applicationId: string,
  consent: 'requested' | 'approved' | 'declined',
  lender: { active?: boolean; answer_days?: number } = {},
): Promise<{ id: string; name: string; contactEmail: string }> {
  const service = serviceClient(target.server);
  const contactEmail = uniqueEmail('lender');
  const name = `Test Lender ${contactEmail.slice(0, 14)}`;
  const inserted = await service
    .from('lenders')
    .insert({
      name,
      contact_name: 'Pat Lender',
      contact_email: contactEmail,
      programs: ['sba_7a'],
      min_loan: 0,
      max_loan: 10_000_000,
      active: lender.active ?? true,
      answer_days: lender.answer_days ?? 5,
    })
    .select('id')
    .single();
  if (inserted.error) throw new Error(inserted.error.message);
  const asked = await service
    .from('lender_consents')
    .insert({ application_id: applicationId, lender_id: inserted.data.id, status: consent })
    .select('id')
    .single();
  if (asked.error) throw new Error(asked.error.message);
  return { id: String(inserted.data.id), name, contactEmail };
}

/** The lender link's token in the e-mail a package was sent with. */
export function lenderTokenIn(mail: SentMail, siteUrl: string): string {
  const match = new RegExp(`${siteUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/lender#([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no lender link in: ${mail.text}`);
  return match[1]!;
}

const noSuchId = '00000000-0000-4000-8000-000000000000';

/** The subjects of the e-mails the application's applicant was sent. */
async function applicantSubjects(target: FunctionsTarget, applicationId: string): Promise<string[]> {
  const { data } = await serviceClient(target.server)
    .from('applications')
    .select('email')
    .eq('id', applicationId)
    .single();
  return (await target.functionMail(String(data?.email))).map((mail) => mail.subject);
}

async function businessOf(target: FunctionsTarget, applicationId: string): Promise<string> {
  const { data } = await serviceClient(target.server)
    .from('applications')
    .select('business_name')
    .eq('id', applicationId)
    .single();
  return String(data?.business_name);
}

/**
 * An account that can sign in and an approved application with its e-mail, made with the service role; `owned`
 * links the application to the account (applications.user_id), as one confirmed in the portal is.
 */
async function approvedApplicationOfAccount(target: FunctionsTarget, label: string, owned: boolean) {
  const service = serviceClient(target.server);
  const email = uniqueEmail(label);
  const made = await service.auth.admin.createUser({ email, password: testPassword, email_confirm: true });
  if (made.error) throw new Error(made.error.message);
  const row = qualifiedApplicationRow(owned ? { email, user_id: made.data.user.id } : { email });
  const inserted = await service.from('applications').insert(row).select('id').single();
  if (inserted.error) throw new Error(inserted.error.message);
  const applicationId = String(inserted.data.id);
  const approved = await service.from('applications').update({ status: 'approved' }).eq('id', applicationId);
  if (approved.error) throw new Error(approved.error.message);
  return { email, applicationId, row };
}

/** The send-emails request of a pre-qualification (docs/product.md §7) for `recipient`. */
export function sendEmailsPayload(recipient: string): Record<string, unknown> {
  return {
    applicantEmail: recipient.toUpperCase(),
    businessName: 'Harbor Cafe',
    firstName: 'Jordan',
    lastName: 'Reyes',
    evaluation: evaluatePreQualification(sampleForm),
    formData: { ...sampleForm, email: recipient, businessName: 'Harbor Cafe' },
  };
}

/**
 * Stores the application a send-emails request for `recipient` tells of, as the wizard stores it before it asks
 * for the e-mails (the function sends them only for an application just submitted). `names` as the request gives
 * them; the application's id.
 */
export async function submitApplicationFor(
  server: ApiAddress,
  recipient: string,
  names: { businessName?: string; firstName?: string; lastName?: string } = {},
): Promise<string> {
  const payload = sendEmailsPayload(recipient);
  const row = qualifiedApplicationRow({
    email: normalizeEmail(recipient),
    business_name: (names.businessName ?? String(payload.businessName)).trim(),
    first_name: (names.firstName ?? String(payload.firstName)).trim(),
    last_name: (names.lastName ?? String(payload.lastName)).trim(),
  });
  const { data, error } = await serviceClient(server).from('applications').insert(row).select('id').single();
  if (error) throw new Error(error.message);
  return String(data.id);
}

/** The team's copies of the notifications about one applicant. */
async function teamMailAbout(target: FunctionsTarget, applicant: string): Promise<SentMail[]> {
  return (await target.functionMail(brand.loansEmail)).filter((mail) => mail.text.includes(applicant));
}

/**
 * Registers the cases: each function's success, each of its refusals and errors a caller can cause, and the
 * rate limits of send-emails. Who may call the admin functions: tests/support/admin-function-calls.ts.
 * `target` is read only when the tests run (fill it in a beforeAll).
 */
export function describeFunctionBehaviour(target: FunctionsTarget): void {
  describe('send-emails', () => {
    it('sends the applicant confirmation and the team notification, once for the application just submitted', async () => {
      const recipient = uniqueEmail('owner');
      await submitApplicationFor(target.server, recipient);
      const outcome = await invoke(anonClient(target.api), 'send-emails', sendEmailsPayload(recipient));
      expect(outcome).toEqual({ status: 200, body: { success: true } });
      // Asked again for the same application: nothing more is sent.
      expect(await invoke(anonClient(target.api), 'send-emails', sendEmailsPayload(recipient))).toEqual({
        status: 409,
        body: { success: false, error: SENT_ALREADY_MESSAGE },
      });
      const toApplicant = await target.functionMail(recipient);
      expect(toApplicant).toHaveLength(1);
      expect(toApplicant[0]!.subject).toBe('You pre-qualify: next steps for Harbor Cafe');
      expect(toApplicant[0]!.text).toContain('Hi Jordan,');
      expect(toApplicant[0]!.text).toContain(`${target.siteUrl}/portal/login?mode=signup`);
      const toTeam = await teamMailAbout(target, recipient);
      expect(toTeam).toHaveLength(1);
      expect(toTeam[0]!.subject).toBe('New pre-qualification: Harbor Cafe (qualified)');
      expect(toTeam[0]!.text).toContain('Business Name: Harbor Cafe');
    });

    it('sends nothing for an application that was not just submitted with those details (no relay of any words)', async () => {
      const client = anonClient(target.api);
      const recipient = uniqueEmail('victim');
      const phishing = {
        ...sendEmailsPayload(recipient),
        firstName: 'Jordan\n\nYour account is suspended. Verify it at http://evil.example/login within 24 hours.',
        businessName: 'ACCOUNT SUSPENDED - action required',
      };
      // No application at all; then one with other names; then one submitted longer ago than the window.
      expect(await invoke(client, 'send-emails', phishing)).toEqual({
        status: 400,
        body: { success: false, error: NOT_SUBMITTED_MESSAGE },
      });
      await submitApplicationFor(target.server, recipient);
      expect(await invoke(client, 'send-emails', phishing)).toEqual({
        status: 400,
        body: { success: false, error: NOT_SUBMITTED_MESSAGE },
      });
      const stale = uniqueEmail('stale');
      const staleId = await submitApplicationFor(target.server, stale);
      const longAgo = new Date(Date.now() - (SUBMISSION_WINDOW_SECONDS + 60) * 1000).toISOString();
      const aged = await serviceClient(target.server)
        .from('applications')
        .update({ created_at: longAgo })
        .eq('id', staleId);
      if (aged.error) throw new Error(aged.error.message);
      expect(await invoke(client, 'send-emails', sendEmailsPayload(stale))).toEqual({
        status: 400,
        body: { success: false, error: NOT_SUBMITTED_MESSAGE },
      });
      for (const address of [recipient, stale]) {
        expect(await target.functionMail(address)).toEqual([]);
        expect(await teamMailAbout(target, address)).toEqual([]);
      }
    });

    it('answers the required message when required data is missing, and sends nothing', async () => {
      const recipient = uniqueEmail('owner');
      const outcome = await invoke(anonClient(target.api), 'send-emails', {
        ...sendEmailsPayload(recipient),
        businessName: ' ',
      });
      expect(outcome).toEqual({
        status: 400,
        body: { success: false, error: 'Missing required data for email notifications' },
      });
      expect(await target.functionMail(recipient)).toEqual([]);
      expect(await teamMailAbout(target, recipient)).toEqual([]);
    });

    it('refuses data that is not a notification, and sends nothing', async () => {
      const client = anonClient(target.api);
      const recipient = uniqueEmail('owner');
      const invalid = [
        { ...sendEmailsPayload(recipient), applicantEmail: 'not an address' },
        { ...sendEmailsPayload(recipient), evaluation: 'qualified' },
      ];
      for (const body of invalid) {
        expect(await invoke(client, 'send-emails', body)).toEqual({
          status: 400,
          body: { success: false, error: 'Invalid e-mail notification data' },
        });
      }
      expect(await teamMailAbout(target, recipient)).toEqual([]);
    });

    it('tells the evaluation of the answers sent, never unmet criteria or next steps the caller made up', async () => {
      const recipient = uniqueEmail('owner');
      await submitApplicationFor(target.server, recipient);
      const forged = {
        qualified: false,
        reasons: ['Your account is suspended. Verify at http://evil.example/login within 24 hours'],
        suggestedNextSteps: ['Wire the $500 processing fee to account 123'],
      };
      const outcome = await invoke(anonClient(target.api), 'send-emails', {
        ...sendEmailsPayload(recipient),
        evaluation: forged,
      });
      expect(outcome).toEqual({ status: 200, body: { success: true } });
      const [toApplicant] = await target.functionMail(recipient);
      // The answers qualify: the e-mail says so, with our next steps, and nothing of the forged text.
      expect(toApplicant!.subject).toBe('You pre-qualify: next steps for Harbor Cafe');
      expect(toApplicant!.text).toContain(`- ${NEXT_STEPS.scheduleConsultation}`);
      for (const mail of [toApplicant!, ...(await teamMailAbout(target, recipient))]) {
        expect(mail.text).not.toContain('evil.example');
        expect(mail.text).not.toContain('Wire the $500');
      }
    });

    it('without the answers (the test page), refuses any unmet criterion or next step that is not ours', async () => {
      const client = anonClient(target.api);
      const recipient = uniqueEmail('owner');
      const { formData: _answers, ...withoutAnswers } = sendEmailsPayload(recipient);
      if (!target.testEmails) {
        // Where the test page's requests are not taken (a deployment), they are refused whatever they say.
        const ours = { qualified: true, reasons: [], suggestedNextSteps: [NEXT_STEPS.scheduleConsultation] };
        expect(await invoke(client, 'send-emails', { ...withoutAnswers, evaluation: ours })).toEqual({
          status: 403,
          body: { success: false, error: TEST_EMAILS_OFF_MESSAGE },
        });
        expect(await target.functionMail(recipient)).toEqual([]);
        return;
      }
      const made = [
        { qualified: false, reasons: ['Verify your account at http://evil.example'], suggestedNextSteps: [] },
        { qualified: true, reasons: [], suggestedNextSteps: ['Wire the $500 processing fee to account 123'] },
      ];
      for (const evaluation of made) {
        expect(await invoke(client, 'send-emails', { ...withoutAnswers, evaluation })).toEqual({
          status: 400,
          body: { success: false, error: 'Invalid e-mail notification data' },
        });
      }
      expect(await target.functionMail(recipient)).toEqual([]);
      const ours = { qualified: true, reasons: [], suggestedNextSteps: [NEXT_STEPS.scheduleConsultation] };
      expect(await invoke(client, 'send-emails', { ...withoutAnswers, evaluation: ours })).toEqual({
        status: 200,
        body: { success: true },
      });
      expect(await target.functionMail(recipient)).toHaveLength(1);
    });

    it('answers 405 to anything but POST', async () => {
      const outcome = await invoke(anonClient(target.api), 'send-emails', undefined, { method: 'GET' });
      expect(outcome).toEqual({ status: 405, body: { success: false, error: 'Use POST' } });
    });

    it('limits how many e-mails one recipient can be sent', async () => {
      const limited = uniqueEmail('limited');
      const outcomes: Outcome[] = [];
      for (let attempt = 0; attempt <= defaultSendLimits.perRecipient.limit; attempt++) {
        await submitApplicationFor(target.server, limited);
        outcomes.push(await invoke(anonClient(target.api), 'send-emails', sendEmailsPayload(limited)));
      }
      expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(outcomes.at(-1)!.body).toEqual({
        success: false,
        error: 'Too many e-mails were requested. Please try again later.',
      });
      expect(await target.functionMail(limited)).toHaveLength(defaultSendLimits.perRecipient.limit);
    });

    // Last of the e-mail cases: afterwards this caller's address may send nothing for an hour.
    it('limits how many e-mails one calling address can send', async () => {
      const service = serviceClient(target.server);
      const first = uniqueEmail('sender');
      await submitApplicationFor(target.server, first);
      expect((await invoke(anonClient(target.api), 'send-emails', sendEmailsPayload(first))).status).toBe(200);
      // The address the function saw (the platform's X-Forwarded-For) is the one its log counts.
      const logged = await service.from('email_send_log').select('sender').eq('recipient', first).single();
      if (logged.error) throw new Error(logged.error.message);
      const since = new Date(Date.now() - defaultSendLimits.perSender.windowSeconds * 1000).toISOString();
      const { count, error } = await service
        .from('email_send_log')
        .select('id', { count: 'exact', head: true })
        .eq('sender', logged.data.sender)
        .gte('created_at', since);
      if (error) throw new Error(error.message);
      const left = defaultSendLimits.perSender.limit - (count ?? 0);
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= left; attempt++) {
        // Each call claims another address of its own: the platform's, not the caller's, is the one counted.
        const claimed = { 'x-forwarded-for': `203.0.113.${attempt + 1}`, 'x-real-ip': `198.51.100.${attempt + 1}` };
        const sender = uniqueEmail('sender');
        await submitApplicationFor(target.server, sender);
        const payload = sendEmailsPayload(sender);
        const outcome = await invoke(anonClient(target.api), 'send-emails', payload, { headers: claimed });
        statuses.push(outcome.status);
      }
      expect(statuses).toEqual([...Array<number>(left).fill(200), 429]);
    });
  });

  describe('admin functions', () => {
    let admin: SupabaseClient;
    const applicantEmail = uniqueEmail('client');

    beforeAll(async () => {
      admin = await signedInAdmin(target);
      const signUp = await anonClient(target.api).auth.signUp({
        email: applicantEmail,
        password: testPassword,
        options: { data: { role: 'applicant' } },
      });
      if (signUp.error) throw new Error(signUp.error.message);
    });

    it('admin-clients lists clients with their real e-mail, confirmation and last sign-in', async () => {
      const { body } = await invoke(admin, 'admin-clients', {});
      const clients = (body as { clients: Record<string, unknown>[] }).clients;
      const client = clients.find((row) => row.email === applicantEmail);
      expect(client).toMatchObject({ profile: { role: 'applicant' } });
      expect(client?.email_confirmed_at).toEqual(expect.any(String));
      expect(client?.last_sign_in_at).toEqual(expect.any(String));
      expect(clients.every((row) => (row.profile as { role: string }).role === 'applicant')).toBe(true);

      expect(await invoke(admin, 'admin-clients', { search: 'no-such-client' })).toEqual({
        status: 200,
        body: { clients: [] },
      });
    });

    it('admin-clients shows and searches the business and phone of the client’s newest application when the profile has none', async () => {
      const service = serviceClient(target.server);
      const businessName = `Harbor Cafe ${randomUUID().slice(0, 8)}`;
      const older = await service
        .from('applications')
        .insert(qualifiedApplicationRow({ email: applicantEmail, business_name: 'An older business', phone: '1' }));
      expect(older.error).toBeNull();
      const newer = await service
        .from('applications')
        .insert(
          qualifiedApplicationRow({ email: applicantEmail, business_name: businessName, phone: '(415) 555-0199' }),
        );
      expect(newer.error).toBeNull();

      const { body } = await invoke(admin, 'admin-clients', { search: businessName.toLowerCase() });
      expect((body as { clients: Record<string, unknown>[] }).clients).toEqual([
        expect.objectContaining({
          email: applicantEmail,
          profile: { business_name: businessName, phone: '(415) 555-0199', role: 'applicant' },
        }),
      ]);
    });

    it('admin-clients reads every application, not only the first page the API returns', async () => {
      const service = serviceClient(target.server);
      const businessName = `Quarry Goods ${randomUUID().slice(0, 8)}`;
      const own = await service
        .from('applications')
        .insert(
          qualifiedApplicationRow({ email: applicantEmail, business_name: businessName, phone: '(415) 555-0123' }),
        );
      expect(own.error).toBeNull();
      // More newer applications of other people than one API read returns (hosted max_rows).
      const others = Array.from({ length: API_MAX_ROWS + 1 }, () => qualifiedApplicationRow());
      expect((await service.from('applications').insert(others)).error).toBeNull();

      const { body } = await invoke(admin, 'admin-clients', { search: businessName.toLowerCase() });
      expect((body as { clients: Record<string, unknown>[] }).clients).toEqual([
        expect.objectContaining({
          email: applicantEmail,
          profile: expect.objectContaining({ business_name: businessName }),
        }),
      ]);
    });

    it('admin-reset-password sends a client the password-reset e-mail and records it', async () => {
      const { body: list } = await invoke(admin, 'admin-clients', { search: applicantEmail });
      const userId = (list as { clients: { id: string }[] }).clients[0]!.id;

      expect(await invoke(admin, 'admin-reset-password', { userId })).toEqual({
        status: 200,
        body: { success: true, email: applicantEmail },
      });
      const reset = (await mailbox(target.server, applicantEmail)).find((mail) => /reset/i.test(mail.subject));
      expect(reset?.text).toContain(`${target.siteUrl}/portal/reset-password?token_hash=`);

      const audit = await serviceClient(target.server)
        .from('audit_log')
        .select('action, record_id')
        .eq('record_id', userId);
      expect(audit.data).toEqual([{ action: 'client.password_reset_sent', record_id: userId }]);

      // Asked again within the minute: none is sent, and the officer is told so rather than 'sent'.
      const resets = async () =>
        (await mailbox(target.server, applicantEmail)).filter((mail) => /reset/i.test(mail.subject)).length;
      const before = await resets();
      expect(await invoke(admin, 'admin-reset-password', { userId })).toEqual({
        status: 429,
        body: { success: false, error: ADMIN_MESSAGES.clientResetTooSoon },
      });
      expect(await resets()).toBe(before);
      const audited = await serviceClient(target.server).from('audit_log').select('id').eq('record_id', userId);
      expect(audited.data).toHaveLength(1);
    });

    it('admin-clients says when an officer last viewed a client’s portal, and who', async () => {
      const listed = async () =>
        ((await invoke(admin, 'admin-clients', { search: applicantEmail })).body as { clients: ClientRow[] })
          .clients[0]!;
      const client = await listed();
      expect(client.last_portal_view).toBeNull();
      for (const phase of ['start', 'end', 'start'] as const) {
        const logged = await admin.rpc('log_impersonation', { client_id: client.id, phase });
        expect(logged.error).toBeNull();
      }
      const { data: views } = await serviceClient(target.server)
        .from('audit_log')
        .select('created_at')
        .eq('record_id', client.id)
        .eq('action', 'impersonation.start')
        .order('id', { ascending: false });
      const { data: officer } = await admin.auth.getUser();
      expect((await listed()).last_portal_view).toEqual({ at: views![0]!.created_at, by: officer.user!.email });
    });

    it('admin-reset-password refuses an id that is not an account', async () => {
      expect(await invoke(admin, 'admin-reset-password', { userId: 'me' })).toEqual({
        status: 400,
        body: { success: false, error: 'userId must be a client account id' },
      });
      expect(await invoke(admin, 'admin-reset-password', { userId: noSuchId })).toEqual({
        status: 404,
        body: { success: false, error: 'No such client account' },
      });
    });

    it('notify-applicant e-mails each decision once', async () => {
      const declined = await declinedApplication(target);
      expect(await invoke(admin, 'notify-applicant', { applicationId: declined.id })).toEqual({
        status: 200,
        body: { success: true, sent: 1 },
      });
      const mail = await target.functionMail(declined.applicant);
      expect(mail.map((item) => item.subject)).toEqual([`${brand.productName}: An update on your application`]);
      expect(mail[0]!.text).toContain("Your loan officer's note: Too early");
      expect(mail[0]!.text).toContain(`${target.siteUrl}/portal`);

      expect(await invoke(admin, 'notify-applicant', { applicationId: declined.id })).toEqual({
        status: 200,
        body: { success: true, sent: 0 },
      });
      expect(await target.functionMail(declined.applicant)).toHaveLength(1);
    });

    it('notify-applicant refuses an id that is not an application', async () => {
      expect(await invoke(admin, 'notify-applicant', { applicationId: 42 })).toEqual({
        status: 400,
        body: { success: false, error: 'applicationId must be an application id' },
      });
      expect(await invoke(admin, 'notify-applicant', { applicationId: noSuchId })).toEqual({
        status: 404,
        body: { success: false, error: 'No such application' },
      });
    });

    it('send-bank-package e-mails the consented lender a link once, then refuses to send the package again', async () => {
      const { packageId, applicationId, applicant } = await generatedBankPackage(target);
      const lender = await lenderWithConsent(target, applicationId, 'approved', { answer_days: 4 });
      // The officer's zone dates the e-mail: 25 hours from UTC-11, so never the same date as there.
      const request = { packageId, lenderId: lender.id, timeZone: 'Pacific/Kiritimati' };
      const sent = await invoke(admin, 'send-bank-package', request);
      expect(sent).toEqual({
        status: 200,
        body: { success: true, sentAt: expect.any(String), answerDueAt: expect.any(String) },
      });
      const { sentAt, answerDueAt } = sent.body as { sentAt: string; answerDueAt: string };
      expect(Date.parse(answerDueAt) - Date.parse(sentAt)).toBe(4 * 24 * 3600 * 1000);
      const mail = await target.functionMail(lender.contactEmail);
      expect(mail).toHaveLength(1);
      // The borrower and the amount asked in the subject: every package a lender gets is addressed to it.
      const { data: application } = await serviceClient(target.server)
        .from('applications')
        .select('business_name, loan_amount')
        .eq('id', applicationId)
        .single();
      const amount = optionLabel(loanAmountOptions, String(application?.loan_amount));
      expect(mail[0]!.subject).toBe(
        `${brand.productName} loan package ${packageId.slice(0, 8)}: ${String(application?.business_name)}, ${amount}`,
      );
      expect(mail[0]!.text).toContain(`(loan requested: ${amount})`);
      expect(mail[0]!.text).toContain('Dear Pat Lender,');
      expect(mail[0]!.text).toContain(`answer by ${formatLongDate(answerDueAt, 'Pacific/Kiritimati')}.`);
      expect(mail[0]!.text).not.toContain(`answer by ${formatLongDate(answerDueAt, 'Pacific/Pago_Pago')}.`);
      expect(lenderTokenIn(mail[0]!, target.siteUrl)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The applicant hears of it once (with the earlier events nobody had told them about yet).
      const told = (await target.functionMail(applicant)).filter(
        (item) => item.subject === `${brand.productName}: Your loan package was sent to a lender`,
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain(`was sent to ${lender.name}, with your approval`);

      expect(await invoke(admin, 'send-bank-package', request)).toEqual({
        status: 409,
        body: { success: false, error: 'This package has already been sent' },
      });
      expect(await target.functionMail(lender.contactEmail)).toHaveLength(1);
    });

    it('send-bank-package sent twice at once (to two lenders) e-mails one lender only', async () => {
      const { packageId, applicationId } = await generatedBankPackage(target);
      const lenders = [
        await lenderWithConsent(target, applicationId, 'approved'),
        await lenderWithConsent(target, applicationId, 'approved'),
      ];
      const outcomes = await Promise.all(
        lenders.map((lender) => invoke(admin, 'send-bank-package', { packageId, lenderId: lender.id })),
      );
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 409]);
      const chosen = lenders[outcomes.findIndex((outcome) => outcome.status === 200)]!;
      const other = lenders.find((lender) => lender !== chosen)!;
      expect(await target.functionMail(chosen.contactEmail)).toHaveLength(1);
      expect(await target.functionMail(other.contactEmail)).toEqual([]);
      const { data } = await serviceClient(target.server)
        .from('bank_packages')
        .select('status, lender_id')
        .eq('id', packageId)
        .single();
      expect(data).toEqual({ status: 'sent', lender_id: chosen.id });
    });

    it('send-bank-package refuses a lender the applicant has not approved, or a paused one, and sends nothing', async () => {
      const { packageId, applicationId } = await generatedBankPackage(target);
      for (const consent of ['requested', 'declined'] as const) {
        const lender = await lenderWithConsent(target, applicationId, consent);
        expect(await invoke(admin, 'send-bank-package', { packageId, lenderId: lender.id })).toEqual({
          status: 403,
          body: { success: false, error: 'The applicant has not approved this lender' },
        });
        expect(await target.functionMail(lender.contactEmail)).toEqual([]);
      }
      const paused = await lenderWithConsent(target, applicationId, 'approved', { active: false });
      expect(await invoke(admin, 'send-bank-package', { packageId, lenderId: paused.id })).toEqual({
        status: 409,
        body: { success: false, error: 'This lender is paused' },
      });
      expect(await target.functionMail(paused.contactEmail)).toEqual([]);
    });

    it('send-bank-package refuses a request without a package or a lender', async () => {
      for (const body of [{ packageId: 'x', lenderId: noSuchId }, { packageId: noSuchId }, {}]) {
        expect(await invoke(admin, 'send-bank-package', body)).toEqual({
          status: 400,
          body: { success: false, error: 'A package id and a lender id are required' },
        });
      }
      const { packageId } = await generatedBankPackage(target);
      expect(await invoke(admin, 'send-bank-package', { packageId: noSuchId, lenderId: noSuchId })).toEqual({
        status: 404,
        body: { success: false, error: 'No such bank package' },
      });
      expect(await invoke(admin, 'send-bank-package', { packageId, lenderId: noSuchId })).toEqual({
        status: 404,
        body: { success: false, error: 'No such lender' },
      });
    });
  });

  describe('document-emails', () => {
    it('e-mails the reminders due when the schedule calls it with the service-role key', async () => {
      const email = uniqueEmail('reminded');
      const fourDaysAgo = new Date(Date.now() - 4 * 24 * 3600 * 1000).toISOString();
      const inserted = await serviceClient(target.server)
        .from('applications')
        .insert(qualifiedApplicationRow({ email, created_at: fourDaysAgo }))
        .select('id')
        .single();
      expect(inserted.error).toBeNull();
      // As pg_cron's call does: the service-role key as the bearer token (and the apikey the gateway wants).
      const schedule = clientWithKey(target.api.url, target.api.keys.serviceRoleKey);
      const called = await invoke(schedule, 'document-emails', {});
      expect(called).toMatchObject({ status: 200, body: { success: true } });
      expect((called.body as { reminders: number }).reminders).toBeGreaterThanOrEqual(1);
      const [reminder, ...more] = await target.functionMail(email);
      expect(more).toEqual([]);
      expect(reminder?.subject).toBe(`${brand.productName}: A reminder: documents are still needed`);
      expect(reminder?.text).toContain('• Tax Returns: missing.');
      // The next call finds it reminded already.
      expect((await invoke(schedule, 'document-emails', {})).status).toBe(200);
      expect(await target.functionMail(email)).toHaveLength(1);
    });

    it('refuses every other caller and sends nothing', async () => {
      const refused = {
        status: 403,
        body: { success: false, error: 'Only the service role can send the document e-mails' },
      };
      expect(await invoke(anonClient(target.api), 'document-emails', {})).toEqual(refused);
      expect(await invoke(await signedInAdmin(target), 'document-emails', {})).toEqual(refused);
      // A token that claims the service role without the project's signature.
      const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
      const forged = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ role: 'service_role' })}.c2lnbmF0dXJl`;
      const forger = anonClient(target.api);
      const outcome = await invoke(forger, 'document-emails', {}, { headers: { Authorization: `Bearer ${forged}` } });
      expect(outcome.status).not.toBe(200);
    });
  });

  describe('lender-package', () => {
    let admin: SupabaseClient;
    let anonymous: SupabaseClient;
    beforeAll(async () => {
      admin = await signedInAdmin(target);
      anonymous = anonClient(target.api);
    });

    async function sentPackage() {
      const bankPackage = await generatedBankPackage(target);
      const lender = await lenderWithConsent(target, bankPackage.applicationId, 'approved');
      const sent = await invoke(admin, 'send-bank-package', { packageId: bankPackage.packageId, lenderId: lender.id });
      expect(sent.status).toBe(200);
      const [mail] = await target.functionMail(lender.contactEmail);
      return { ...bankPackage, lender, token: lenderTokenIn(mail!, target.siteUrl) };
    }

    it('shows the lender its package without an account, records its answer once and e-mails officer and applicant', async () => {
      const sent = await sentPackage();
      const viewed = await invoke(anonymous, 'lender-package', { token: sent.token, action: 'view' });
      expect(viewed).toMatchObject({
        status: 200,
        body: {
          success: true,
          package: {
            number: sent.packageId.slice(0, 8),
            status: 'sent',
            lenderName: sent.lender.name,
            summary: 'Executive summary',
            answerNote: null,
          },
          documents: [],
        },
      });

      const answer = { token: sent.token, action: 'answer', answer: 'interested', note: '  Strong cash flow.  ' };
      expect(await invoke(anonymous, 'lender-package', answer)).toEqual({
        status: 200,
        body: { success: true, status: 'interested' },
      });
      const applicantMail = await target.functionMail(sent.applicant);
      expect(applicantMail[0]!.subject).toBe(`${brand.productName}: Good news, a lender is interested`);
      expect(applicantMail[0]!.text).toContain("The lender's note: Strong cash flow.");
      const officers = await serviceClient(target.server)
        .from('bank_packages')
        .select('sent_by, status, answer_note')
        .eq('id', sent.packageId)
        .single();
      expect(officers.data).toMatchObject({ status: 'interested', answer_note: 'Strong cash flow.' });
      const officer = await serviceClient(target.server).auth.admin.getUserById(String(officers.data!.sent_by));
      const officerMail = await target.functionMail(officer.data.user!.email!);
      expect(officerMail.map((mail) => mail.subject)).toContain(
        `${sent.lender.name}: Interested (package ${sent.packageId.slice(0, 8)}, ${await businessOf(target, sent.applicationId)})`,
      );

      expect(await invoke(anonymous, 'lender-package', { ...answer, answer: 'declined' })).toEqual({
        status: 409,
        body: { success: false, error: 'This package has already been answered' },
      });
    });

    it('lets a lender that needed more information answer again', async () => {
      const sent = await sentPackage();
      const ask = { token: sent.token, action: 'answer', answer: 'need_more_info', note: 'Two more bank statements' };
      expect((await invoke(anonymous, 'lender-package', ask)).status).toBe(200);
      expect(await invoke(anonymous, 'lender-package', { ...ask, answer: 'declined', note: '' })).toEqual({
        status: 200,
        body: { success: true, status: 'declined' },
      });
    });

    it('refuses unknown links and bad answers with clear errors', async () => {
      const unknown = { status: 404, body: { success: false, error: LENDER_VIEW_MESSAGES.linkInvalid } };
      expect(await invoke(anonymous, 'lender-package', { token: 'x'.repeat(43), action: 'view' })).toEqual(unknown);
      expect(await invoke(anonymous, 'lender-package', { action: 'view' })).toEqual(unknown);
      const sent = await sentPackage();
      expect(await invoke(anonymous, 'lender-package', { token: sent.token, action: 'delete' })).toEqual({
        status: 400,
        body: { success: false, error: 'action must be view, document, answer, offer, withdraw or stage' },
      });
      // A document it does not list (here, none at all) is refused, whatever its id.
      for (const documentId of [randomUUID(), undefined]) {
        expect(
          await invoke(anonymous, 'lender-package', { token: sent.token, action: 'document', documentId }),
        ).toEqual({ status: 404, body: { success: false, error: LENDER_VIEW_MESSAGES.documentUnavailable } });
      }
      expect(
        await invoke(anonymous, 'lender-package', { token: sent.token, action: 'answer', answer: 'maybe' }),
      ).toEqual({
        status: 400,
        body: { success: false, error: 'answer must be interested, need_more_info or declined' },
      });
      expect(
        await invoke(anonymous, 'lender-package', {
          token: sent.token,
          action: 'answer',
          answer: 'declined',
          note: 'n'.repeat(4001),
        }),
      ).toEqual({ status: 400, body: { success: false, error: LENDER_VIEW_MESSAGES.noteTooLong } });
    });

    /** An offer form as the lender fills it in (shared/validation/loan-offer-form.ts), expiring in two weeks. */
    const offerForm = {
      amount: 250_000,
      rateKind: 'fixed',
      fixedRate: 9.5,
      rateIndex: '',
      spread: null,
      termMonths: 120,
      lenderFees: 2_500,
      sbaGuarantyFee: null,
      collateral: 'Business assets',
      conditions: 'Personal guarantee\n\n  Life insurance on the owner ',
      expiresOn: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    };
    const offer = (token: string, changes: Record<string, unknown> = {}) =>
      invoke(anonymous, 'lender-package', { token, action: 'offer', offer: { ...offerForm, ...changes } });
    const viewOf = async (token: string) =>
      (await invoke(anonymous, 'lender-package', { token, action: 'view' })).body as Record<string, unknown>;

    /** The application's applicant as an account (accept_loan_offer checks the offer is theirs). */
    async function applicantAccount(applicationId: string): Promise<string> {
      const service = serviceClient(target.server);
      const created = await service.auth.admin.createUser({
        email: uniqueEmail('borrower'),
        password: testPassword,
        email_confirm: true,
      });
      if (created.error) throw new Error(created.error.message);
      const owned = await service
        .from('applications')
        .update({ user_id: created.data.user.id })
        .eq('id', applicationId);
      if (owned.error) throw new Error(owned.error.message);
      return created.data.user.id;
    }

    /** A tax return of the application's applicant that an officer accepted: a document its lenders may see. */
    async function acceptedDocument(applicationId: string, applicantId: string): Promise<string> {
      const service = serviceClient(target.server);
      const storagePath = await storeTestFile(service, `${applicantId}/taxReturns/${randomUUID()}.pdf`);
      const filed = await service
        .from('documents')
        .insert({
          user_id: applicantId,
          application_id: applicationId,
          type: 'taxReturns',
          file_name: 'return-2025.pdf',
          file_size: 1_000,
          content_type: 'application/pdf',
          storage_path: storagePath,
        })
        .select('id')
        .single();
      if (filed.error) throw new Error(filed.error.message);
      const reviewed = await admin.rpc('review_document', {
        document_id: filed.data.id,
        outcome: 'accepted',
        reason: null,
        seen_review_id: null,
      });
      if (reviewed.error) throw new Error(reviewed.error.message);
      return String(filed.data.id);
    }

    /** A second package of the same application, sent to another lender the applicant approved. */
    async function secondLenderOf(applicationId: string) {
      const packageId = await newBankPackage(target, applicationId);
      const lender = await lenderWithConsent(target, applicationId, 'approved');
      const sent = await invoke(admin, 'send-bank-package', { packageId, lenderId: lender.id });
      expect(sent.status).toBe(200);
      const [mail] = await target.functionMail(lender.contactEmail);
      return lenderTokenIn(mail!, target.siteUrl);
    }

    it('takes an offer, its revision and its withdrawal through the link, and refuses a bad one in words', async () => {
      const sent = await sentPackage();
      // Checked as the page checks it: the message of the field.
      expect(await offer(sent.token, { amount: 0 })).toEqual({
        status: 400,
        body: { success: false, error: 'The amount must be above $0' },
      });
      expect(await offer(sent.token, { rateKind: 'variable', rateIndex: 'prime', spread: 25 })).toEqual({
        status: 400,
        body: { success: false, error: 'The spread must be between -5% and 20%' },
      });
      expect(await offer(sent.token)).toEqual({ status: 200, body: { success: true, revision: 1 } });
      // The first offer is the lender's answer: interested, and the officer hears it.
      const stored = await serviceClient(target.server)
        .from('bank_packages')
        .select('status, sent_by')
        .eq('id', sent.packageId)
        .single();
      expect(stored.data?.status).toBe('interested');
      const officer = await serviceClient(target.server).auth.admin.getUserById(String(stored.data!.sent_by));
      expect((await target.functionMail(officer.data.user!.email!)).map((mail) => mail.subject)).toContain(
        `${sent.lender.name}: Interested (package ${sent.packageId.slice(0, 8)}, ${await businessOf(target, sent.applicationId)})`,
      );
      const revised = { rateKind: 'variable', rateIndex: 'prime', spread: 2.75, fixedRate: null, sbaGuarantyFee: 5000 };
      expect(await offer(sent.token, revised)).toEqual({ status: 200, body: { success: true, revision: 2 } });
      expect(await invoke(anonymous, 'lender-package', { token: sent.token, action: 'withdraw' })).toEqual({
        status: 200,
        body: { success: true },
      });
      // Nothing left to withdraw: the database's words.
      expect(await invoke(anonymous, 'lender-package', { token: sent.token, action: 'withdraw' })).toEqual({
        status: 404,
        body: { success: false, error: 'There is no offer to withdraw' },
      });
      // The applicant heard of each at once, by the function itself (no retry needed).
      expect(await applicantSubjects(target, sent.applicationId)).toEqual(
        expect.arrayContaining([
          `${brand.productName}: A lender made you an offer`,
          `${brand.productName}: A lender revised its offer`,
          `${brand.productName}: A lender withdrew its offer`,
        ]),
      );
      expect(await viewOf(sent.token)).toMatchObject({
        package: { status: 'interested' },
        offers: [
          {
            revision: 2,
            amount: 250_000,
            rateKind: 'variable',
            fixedRate: null,
            rateIndex: 'prime',
            spread: 2.75,
            sbaGuarantyFee: 5000,
            withdrawn: true,
          },
          {
            revision: 1,
            rateKind: 'fixed',
            fixedRate: 9.5,
            rateIndex: null,
            termMonths: 120,
            lenderFees: 2500,
            sbaGuarantyFee: null,
            collateral: 'Business assets',
            conditions: ['Personal guarantee', 'Life insurance on the owner'],
            expiresOn: offerForm.expiresOn,
            withdrawn: false,
          },
        ],
        acceptedOfferId: null,
        choseAnotherLender: false,
        stages: [],
      });
      // A declined package takes no offer: the database's words again.
      const other = await sentPackage();
      const declined = { token: other.token, action: 'answer', answer: 'declined', note: '' };
      expect((await invoke(anonymous, 'lender-package', declined)).status).toBe(200);
      expect(await offer(other.token)).toEqual({
        status: 409,
        body: { success: false, error: 'This package has already been answered' },
      });
    });

    it('lets only the chosen lender record the stages and see the documents; the other hears the applicant chose another', async () => {
      const sent = await sentPackage();
      const otherToken = await secondLenderOf(sent.applicationId);
      expect((await offer(sent.token)).status).toBe(200);
      const applicant = await applicantAccount(sent.applicationId);
      const returns = await acceptedDocument(sent.applicationId, applicant);
      const documentOf = (token: string) =>
        invoke(anonymous, 'lender-package', { token, action: 'document', documentId: returns });
      // Until the applicant chooses, every lender the package went to sees the accepted documents.
      expect((await viewOf(otherToken)).documents).toMatchObject([{ id: returns }]);
      expect((await documentOf(otherToken)).status).toBe(200);
      const offerId = ((await viewOf(sent.token)).offers as { id: string }[])[0]!.id;
      const accepted = await acceptOffer(serviceClient(target.server), applicant, offerId);
      expect(accepted.error).toBeNull();

      const stage = (token: string, details: Record<string, unknown>) =>
        invoke(anonymous, 'lender-package', { token, action: 'stage', ...details });
      const inClosing = { stage: 'in_closing', expectedClosingOn: offerForm.expiresOn };
      expect(await stage(otherToken, inClosing)).toEqual({
        status: 403,
        body: { success: false, error: "Only the lender whose offer the applicant accepted records the loan's stages" },
      });
      expect(await stage(sent.token, { stage: 'funded', fundedAmount: 250_000, fundedOn: '2026-01-02' })).toEqual({
        status: 409,
        body: { success: false, error: 'A loan is funded after it is in closing: record In closing first' },
      });
      expect(await stage(sent.token, { stage: 'in_closing' })).toEqual({
        status: 400,
        body: { success: false, error: 'In closing needs the expected closing date' },
      });
      expect(await stage(sent.token, { stage: 'closed' })).toEqual({
        status: 400,
        body: { success: false, error: 'stage must be in_closing, funded or did_not_close' },
      });
      expect(await stage(sent.token, inClosing)).toEqual({ status: 200, body: { success: true, stage: 'in_closing' } });
      const today = new Date().toISOString().slice(0, 10);
      expect(await stage(sent.token, { stage: 'funded', fundedAmount: 250_000, fundedOn: today })).toEqual({
        status: 200,
        body: { success: true, stage: 'funded' },
      });
      expect(await applicantSubjects(target, sent.applicationId)).toEqual(
        expect.arrayContaining([
          `${brand.productName}: Your loan is in closing`,
          `${brand.productName}: Your loan is funded`,
        ]),
      );
      // The accepted offer no longer changes.
      expect(await offer(sent.token, { amount: 1 })).toEqual({
        status: 409,
        body: { success: false, error: 'The applicant has already accepted an offer: this one can no longer change' },
      });
      expect(await viewOf(sent.token)).toMatchObject({
        acceptedOfferId: offerId,
        choseAnotherLender: false,
        stages: [
          { stage: 'in_closing', expectedClosingOn: offerForm.expiresOn, fundedAmount: null },
          { stage: 'funded', fundedAmount: 250_000, fundedOn: today, expectedClosingOn: null },
        ],
      });

      // The other lender's page says so, without naming the lender, shows it no stage, and takes no more answers.
      const other = await viewOf(otherToken);
      expect(other).toMatchObject({ acceptedOfferId: null, choseAnotherLender: true, stages: [] });
      expect(JSON.stringify(other)).not.toContain(sent.lender.name);
      // The applicant's files go on to the chosen lender only: the other's page lists none, its link hands none out.
      expect(other.documents).toEqual([]);
      expect(await documentOf(otherToken)).toEqual({
        status: 409,
        body: { success: false, error: LENDER_VIEW_MESSAGES.documentsNoLongerShared },
      });
      expect((await viewOf(sent.token)).documents).toMatchObject([{ id: returns }]);
      expect((await documentOf(sent.token)).status).toBe(200);
      expect(
        await invoke(anonymous, 'lender-package', { token: otherToken, action: 'answer', answer: 'declined' }),
      ).toEqual({
        status: 409,
        body: { success: false, error: 'The applicant chose another lender: this package no longer takes answers' },
      });
      expect((await offer(otherToken)).status).toBe(409);
      expect(await invoke(anonymous, 'lender-package', { token: otherToken, action: 'withdraw' })).toEqual({
        status: 409,
        body: { success: false, error: 'The applicant chose another lender: this package no longer takes offers' },
      });
    });

    it('changes no offer and records no stage over a change made meanwhile: the page that did not see it is told', async () => {
      const sent = await sentPackage();
      const offerSeeing = (seenOffer: Record<string, unknown>, changes: Record<string, unknown> = {}) =>
        invoke(anonymous, 'lender-package', {
          token: sent.token,
          action: 'offer',
          offer: { ...offerForm, ...changes },
          seenOffer,
        });
      const withdrawSeeing = (seenOffer: Record<string, unknown>) =>
        invoke(anonymous, 'lender-package', { token: sent.token, action: 'withdraw', seenOffer });
      const madeMeanwhile = (revision: number) => ({
        status: 409,
        body: {
          success: false,
          error: `This offer changed meanwhile (revision ${revision} was made with this link since you opened the page): reload the page to read it before you change it`,
        },
      });
      // Two people at the lender make the first offer at once: one is made, the other is told.
      const first = await Promise.all([
        offerSeeing({ revision: 0, withdrawn: false }),
        offerSeeing({ revision: 0, withdrawn: false }, { amount: 200_000 }),
      ]);
      expect(first.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(first.find((answer) => answer.status === 409)).toEqual(madeMeanwhile(1));
      // A withdrawal from a page that shows no offer withdraws nothing; from one that shows it, it does.
      expect(await withdrawSeeing({ revision: 0, withdrawn: false })).toEqual(madeMeanwhile(1));
      expect((await withdrawSeeing({ revision: 1, withdrawn: false })).status).toBe(200);
      // A revision from a page that still shows the offer live is not made over the withdrawal; once seen, it is.
      expect(await offerSeeing({ revision: 1, withdrawn: false })).toEqual({
        status: 409,
        body: {
          success: false,
          error: 'This offer was withdrawn meanwhile with this link: reload the page to read it before you change it',
        },
      });
      expect(await offerSeeing({ revision: 1, withdrawn: true })).toEqual({
        status: 200,
        body: { success: true, revision: 2 },
      });

      // Accepted, then put in closing by an officer: a Did not close from the page that showed the offer accepted
      // is refused, and the same from a page that showed In closing is recorded.
      const applicant = await applicantAccount(sent.applicationId);
      const offerId = ((await viewOf(sent.token)).offers as { id: string }[])[0]!.id;
      expect((await acceptOffer(serviceClient(target.server), applicant, offerId)).error).toBeNull();
      const byOfficer = await admin.rpc('record_loan_stage', {
        application_id: sent.applicationId,
        stage: 'in_closing',
        expected_closing_on: offerForm.expiresOn,
        seen_stage: 'accepted',
      });
      expect(byOfficer.error).toBeNull();
      const didNotClose = (seenStage: string) =>
        invoke(anonymous, 'lender-package', {
          token: sent.token,
          action: 'stage',
          stage: 'did_not_close',
          reason: 'The borrower walked away.',
          seenStage,
        });
      expect(await didNotClose('accepted')).toEqual({
        status: 409,
        body: { success: false, error: 'The loan’s stage was recorded meanwhile: it is In closing now' },
      });
      expect(await didNotClose('in_closing')).toEqual({ status: 200, body: { success: true, stage: 'did_not_close' } });
    });

    it('stops opening a link once an officer revokes it', async () => {
      const sent = await sentPackage();
      const revoked = await admin.rpc('revoke_lender_link', { package_id: sent.packageId });
      expect(revoked.error).toBeNull();
      expect(await invoke(anonymous, 'lender-package', { token: sent.token, action: 'view' })).toEqual({
        status: 404,
        body: { success: false, error: LENDER_VIEW_MESSAGES.linkInvalid },
      });
    });
  });

  describe('notify-officer', () => {
    let officer: SupabaseClient;
    let officerEmail: string;
    beforeAll(async () => {
      officer = await signedInAdmin(target);
      officerEmail = String((await officer.auth.getUser()).data.user?.email);
    });

    /** An approved application of a signed-in applicant, and a lender the officer asked the applicant about. */
    async function consentAsked() {
      const service = serviceClient(target.server);
      const { email, applicationId, row } = await approvedApplicationOfAccount(target, 'consenting', false);
      const lender = await lenderWithConsent(target, applicationId, 'requested');
      // The officer asks (the consent the helper made is the service's; this one names the officer).
      await service.from('lender_consents').delete().eq('application_id', applicationId);
      const asked = await officer
        .from('lender_consents')
        .insert({ application_id: applicationId, lender_id: lender.id })
        .select('id')
        .single();
      if (asked.error) throw new Error(asked.error.message);
      const applicant = await signedIn(target.api, email);
      return {
        applicationId,
        applicant,
        lender,
        consentId: String(asked.data.id),
        businessName: String(row.business_name),
      };
    }

    it('e-mails the officer who asked each answer of the applicant, once', async () => {
      const asked = await consentAsked();
      const answer = async (value: string) => {
        const { error } = await asked.applicant.rpc('answer_lender_consent', {
          consent_id: asked.consentId,
          answer: value,
        });
        expect(error).toBeNull();
      };
      await answer('approved');
      const request = { applicationId: asked.applicationId };
      expect(await invoke(asked.applicant, 'notify-officer', request)).toEqual({
        status: 200,
        body: { success: true, sent: 1 },
      });
      expect(await invoke(asked.applicant, 'notify-officer', request)).toEqual({
        status: 200,
        body: { success: true, sent: 0 },
      });
      await answer('withdrawn');
      expect(await invoke(asked.applicant, 'notify-officer', request)).toEqual({
        status: 200,
        body: { success: true, sent: 1 },
      });

      const mail = (await target.functionMail(officerEmail)).filter((item) =>
        item.subject.startsWith(`${asked.businessName}:`),
      );
      expect(mail.map((item) => item.subject)).toEqual([
        `${asked.businessName}: the applicant withdrew ${asked.lender.name}`,
        `${asked.businessName}: the applicant approved ${asked.lender.name}`,
      ]);
      expect(mail[1]!.text).toContain(`approved sending the loan package to ${asked.lender.name}.`);
      expect(mail[1]!.text).toContain(`${target.siteUrl}/admin?list=approved&application=${asked.applicationId}`);
    });

    it('answers only the application’s applicant, and sends nothing to anyone else’s call', async () => {
      const asked = await consentAsked();
      const { error } = await asked.applicant.rpc('answer_lender_consent', {
        consent_id: asked.consentId,
        answer: 'declined',
      });
      expect(error).toBeNull();
      const request = { applicationId: asked.applicationId };
      expect(await invoke(anonClient(target.api), 'notify-officer', request)).toEqual({
        status: 401,
        body: { success: false, error: 'Sign in first' },
      });
      const stranger = uniqueEmail('stranger');
      const made = await serviceClient(target.server).auth.admin.createUser({
        email: stranger,
        password: testPassword,
        email_confirm: true,
      });
      expect(made.error).toBeNull();
      const notFound = { status: 404, body: { success: false, error: 'No such application' } };
      const strangerClient = await signedIn(target.api, stranger);
      expect(await invoke(strangerClient, 'notify-officer', request)).toEqual(notFound);
      // Nor does the stranger's confirmed e-mail on the application make it theirs while another account has it,
      // or once they said it is not theirs: the read policy's rule.
      const service = serviceClient(target.server);
      const { data: before } = await service
        .from('applications')
        .select('user_id, email')
        .eq('id', asked.applicationId)
        .single();
      const set = async (columns: Record<string, unknown>) => {
        const { error } = await service.from('applications').update(columns).eq('id', asked.applicationId);
        expect(error).toBeNull();
      };
      await set({ email: stranger });
      expect(await invoke(strangerClient, 'notify-officer', request)).toEqual(notFound);
      await set({ user_id: null, disowned_at: new Date().toISOString() });
      expect(await invoke(strangerClient, 'notify-officer', request)).toEqual(notFound);
      await set({ user_id: before!.user_id, email: before!.email, disowned_at: null });
      expect(await invoke(asked.applicant, 'notify-officer', { applicationId: noSuchId })).toEqual(notFound);
      expect(await invoke(asked.applicant, 'notify-officer', { applicationId: 'x' })).toEqual({
        status: 400,
        body: { success: false, error: 'applicationId must be an application id' },
      });
      // Still due, and told once when its applicant asks.
      expect(await invoke(asked.applicant, 'notify-officer', request)).toEqual({
        status: 200,
        body: { success: true, sent: 1 },
      });
    });
  });

  describe('accept-offer', () => {
    let officer: SupabaseClient;
    let officerId: string;
    let officerEmail: string;
    beforeAll(async () => {
      officer = await signedInAdmin(target);
      const user = (await officer.auth.getUser()).data.user;
      officerId = String(user?.id);
      officerEmail = String(user?.email);
    });

    /** What make_loan_offer is given: the same offer but for its fixed rate. */
    const offerTerms = (fixedRate: number) => ({
      amount: 200_000,
      rate_kind: 'fixed',
      fixed_rate: fixedRate,
      rate_index: null,
      spread: null,
      term_months: 120,
      lender_fees: 1_500,
      sba_guaranty_fee: 4_000,
      collateral: 'Equipment',
      conditions: ['Personal guarantee'],
      expires_on: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    });

    /** An approved application of a signed-in applicant, and two consented lenders whose links made offers. */
    async function twoOffers() {
      const service = serviceClient(target.server);
      const { email, applicationId, row } = await approvedApplicationOfAccount(target, 'offered', true);
      const link = async (fixedRate: number) => {
        const lender = await lenderWithConsent(target, applicationId, 'approved');
        const token = newLenderToken();
        const sent = await service
          .from('bank_packages')
          .insert({
            application_id: applicationId,
            summary: 'Executive summary',
            status: 'sent',
            sent_at: new Date().toISOString(),
            sent_by: officerId,
            lender_id: lender.id,
            bank_name: lender.name,
            bank_email: lender.contactEmail,
            link_token_hash: await lenderTokenHash(token),
            link_expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          })
          .select('id')
          .single();
        if (sent.error) throw new Error(sent.error.message);
        const offered = await service.rpc('make_loan_offer', { token, ...offerTerms(fixedRate) });
        if (offered.error) throw new Error(offered.error.message);
        const offer = offered.data as Omit<OfferRevision, 'lender_name'> & { id: string };
        return { lender, token, offer: { ...offer, lender_name: lender.name } };
      };
      const first = await link(9.25);
      const second = await link(10.5);
      return {
        applicationId,
        applicantEmail: email,
        businessName: String(row.business_name),
        applicant: await signedIn(target.api, email),
        first,
        second,
      };
    }

    async function acceptance(offer: OfferRevision & { id: string }, fullName = 'Maria Lopez') {
      return {
        offerId: offer.id,
        fullName,
        statement: ACCEPTANCE_STATEMENT,
        shownSha256: await offerSha256(offer),
      };
    }

    it('accepts the offer once, stores the evidence and e-mails the officer, the chosen lender and the other', async () => {
      const offers = await twoOffers();
      const request = await acceptance(offers.first.offer);
      const accepted = await invoke(offers.applicant, 'accept-offer', request, {
        headers: { 'User-Agent': 'OffersTest/1.0' },
      });
      expect(accepted).toMatchObject({ status: 200, body: { success: true } });

      const stored = await serviceClient(target.server)
        .from('offer_acceptances')
        .select('offer_id, full_name, statement, offer_sha256, client_address, user_agent')
        .eq('application_id', offers.applicationId);
      expect(stored.data).toEqual([
        {
          offer_id: offers.first.offer.id,
          full_name: 'Maria Lopez',
          statement: ACCEPTANCE_STATEMENT,
          offer_sha256: request.shownSha256,
          client_address: expect.stringMatching(/\S/),
          user_agent: expect.stringContaining('OffersTest/1.0'),
        },
      ]);

      // Once: the other offer, or the same again, is refused in the database's words.
      expect(await invoke(offers.applicant, 'accept-offer', await acceptance(offers.second.offer))).toEqual({
        status: 409,
        body: { success: false, error: 'An offer of this application has already been accepted' },
      });

      const officerMail = (await target.functionMail(officerEmail)).filter((mail) =>
        mail.subject.startsWith(`${offers.businessName}:`),
      );
      expect(officerMail.map((mail) => mail.subject)).toEqual([
        `${offers.businessName}: the applicant accepted an offer`,
      ]);
      expect(officerMail[0]!.text).toContain(`accepted the offer of ${offers.first.lender.name}`);
      expect(officerMail[0]!.text).toContain('Rate: 9.25% fixed');
      expect(officerMail[0]!.text).toContain(`/admin?list=pipeline&application=${offers.applicationId}`);
      // The applicant keeps what they accepted, in writing.
      const applicantMail = (await target.functionMail(offers.applicantEmail)).filter(
        (mail) => mail.subject === `${brand.productName}: You accepted an offer`,
      );
      expect(applicantMail).toHaveLength(1);
      expect(applicantMail[0]!.text).toContain('Rate: 9.25% fixed');
      const chosen = await target.functionMail(offers.first.lender.contactEmail);
      expect(chosen.map((mail) => mail.subject)).toEqual([`${offers.businessName}: the applicant accepted your offer`]);
      const other = await target.functionMail(offers.second.lender.contactEmail);
      expect(other.map((mail) => mail.subject)).toEqual([`${offers.businessName}: the applicant chose another lender`]);
      expect(other[0]!.text).not.toContain(offers.first.lender.name);
    });

    it('refuses an offer revised after the applicant read it, with 409, and accepts nothing', async () => {
      const offers = await twoOffers();
      const request = await acceptance(offers.first.offer);
      const revised = await serviceClient(target.server).rpc('make_loan_offer', {
        token: offers.first.token,
        ...offerTerms(11),
      });
      expect(revised.error).toBeNull();
      // The earlier revision's hash, for the earlier revision: no longer live.
      expect(await invoke(offers.applicant, 'accept-offer', request)).toEqual({
        status: 409,
        body: {
          success: false,
          error:
            'This offer can no longer be accepted: it was revised, withdrawn or has expired. Review the offers again.',
        },
      });
      // The new revision, with the hash of what the applicant read before it: the offer changed.
      const newRevision = { ...request, offerId: String((revised.data as { id: string }).id) };
      expect(await invoke(offers.applicant, 'accept-offer', newRevision)).toEqual({
        status: 409,
        body: { success: false, error: ACCEPT_OFFER_MESSAGES.changed },
      });
      const stored = await serviceClient(target.server)
        .from('offer_acceptances')
        .select('id')
        .eq('application_id', offers.applicationId);
      expect(stored.data).toEqual([]);
    });

    it('refuses anyone but the application’s applicant, a wrong statement and a blank name, and sends nothing', async () => {
      const offers = await twoOffers();
      const request = await acceptance(offers.first.offer);
      expect(await invoke(anonClient(target.api), 'accept-offer', request)).toEqual({
        status: 401,
        body: { success: false, error: ACCEPT_OFFER_MESSAGES.signIn },
      });
      const noSuchOffer = { status: 404, body: { success: false, error: ACCEPT_OFFER_MESSAGES.noSuchOffer } };
      expect(await invoke(officer, 'accept-offer', request)).toEqual(noSuchOffer);
      const stranger = await twoOffers();
      expect(await invoke(stranger.applicant, 'accept-offer', request)).toEqual(noSuchOffer);
      expect(await invoke(offers.applicant, 'accept-offer', { ...request, offerId: noSuchId })).toEqual(noSuchOffer);
      expect(await invoke(offers.applicant, 'accept-offer', { ...request, statement: 'I agree' })).toEqual({
        status: 400,
        body: { success: false, error: ACCEPT_OFFER_MESSAGES.statement },
      });
      expect(await invoke(offers.applicant, 'accept-offer', { ...request, shownSha256: 'x' })).toEqual({
        status: 400,
        body: { success: false, error: ACCEPT_OFFER_MESSAGES.badRequest },
      });
      expect(await invoke(offers.applicant, 'accept-offer', { ...request, fullName: '  ' })).toEqual({
        status: 400,
        body: { success: false, error: 'Type your full name to accept the offer' },
      });
      // The name is the signature: the applicant's as on the application (Maria Lopez), not anyone's.
      for (const fullName of ['Jordan Reyes', 'Maria', 'M. Lopez']) {
        expect(await invoke(offers.applicant, 'accept-offer', { ...request, fullName })).toEqual({
          status: 400,
          body: { success: false, error: 'Type your full name as it is on your application: Maria Lopez' },
        });
      }
      const stored = await serviceClient(target.server)
        .from('offer_acceptances')
        .select('id')
        .eq('application_id', offers.applicationId);
      expect(stored.data).toEqual([]);
      expect(await target.functionMail(offers.first.lender.contactEmail)).toEqual([]);
    });
  });

  describe('sms-webhook', () => {
    /** What Twilio posts, signed as Twilio signs it (shared/sms/twilio-signature.ts, tested on Twilio's vectors). */
    async function fromTwilio(
      params: Record<string, string>,
      token: string = SMS_WEBHOOK_TEST.authToken,
      url: string = SMS_WEBHOOK_TEST.url,
    ) {
      return fetch(`${target.api.url}/functions/v1/sms-webhook`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Twilio-Signature': await twilioSignature(token, url, params),
        },
        body: new URLSearchParams(params),
      });
    }
    const optOutOf = async (phone: string) =>
      (await serviceClient(target.server).from('sms_opt_outs').select('opted_out, changed_via').eq('phone_e164', phone))
        .data;
    let numbers = 0;
    const freshNumber = () => {
      numbers += 1;
      return `+1208555${String((Date.now() + numbers * 71) % 10_000).padStart(4, '0')}`;
    };

    it('refuses a request unsigned, signed with another token, or for another address, and changes nothing', async () => {
      const phone = freshNumber();
      const stop = { From: phone, To: '+12085550100', Body: 'STOP', MessageSid: 'SMx1' };
      const unsigned = await fetch(`${target.api.url}/functions/v1/sms-webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(stop),
      });
      expect(unsigned.status).toBe(403);
      expect((await fromTwilio(stop, 'another-token')).status).toBe(403);
      expect((await fromTwilio(stop, SMS_WEBHOOK_TEST.authToken, 'https://elsewhere.example/hook')).status).toBe(403);
      expect(await optOutOf(phone)).toEqual([]);
    });

    it('records STOP and its synonyms as an opt-out, START as opting in again, and answers HELP', async () => {
      const phone = freshNumber();
      const reply = async (body: string) => {
        const response = await fromTwilio({ From: phone, To: '+12085550100', Body: body, MessageSid: `SM${body}` });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toContain('text/xml');
        return response.text();
      };
      expect(await reply('Stop')).toContain(`<Message>${SMS_REPLIES.stop}</Message>`);
      expect(await optOutOf(phone)).toEqual([{ opted_out: true, changed_via: 'reply_stop' }]);
      expect(await reply('START')).toContain(`<Message>${SMS_REPLIES.start}</Message>`);
      expect(await optOutOf(phone)).toEqual([{ opted_out: false, changed_via: 'reply_start' }]);
      await reply('unsubscribe');
      expect(await optOutOf(phone)).toEqual([{ opted_out: true, changed_via: 'reply_stop' }]);
      expect(await reply('help')).toContain('Msg &amp; data rates may apply.');
      // Anything else is no keyword: nothing changes and nothing is answered.
      expect(await reply('please stop by tomorrow')).toBe(
        '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
      );
      expect(await optOutOf(phone)).toEqual([{ opted_out: true, changed_via: 'reply_stop' }]);
    });

    it('records the delivery Twilio reports for a text it was given', async () => {
      const service = serviceClient(target.server);
      const { applicationId } = await approvedApplicationOfAccount(target, 'texted', false);
      const sid = `SM${randomUUID().replaceAll('-', '')}`;
      const stored = await service.from('sms_messages').insert({
        application_id: applicationId,
        kind: 'approved',
        phone_e164: freshNumber(),
        status: 'sent',
        provider_sid: sid,
        sent_at: new Date().toISOString(),
      });
      expect(stored.error).toBeNull();
      const report = await fromTwilio({ MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' });
      expect(report.status).toBe(204);
      const { data } = await service.from('sms_messages').select('status, status_detail').eq('provider_sid', sid);
      expect(data).toEqual([{ status: 'undelivered', status_detail: 'Twilio error 30003' }]);
    });
  });

  describe('send-sms', () => {
    it('sends the due texts when the schedule calls it with the service-role key, a provider down failing each', async () => {
      const service = serviceClient(target.server);
      const phone = `(775) 555-${String(1000 + (Date.now() % 9000))}`;
      const inserted = await service
        .from('applications')
        .insert(qualifiedApplicationRow({ email: uniqueEmail('texted'), phone, receive_sms: true }))
        .select('id')
        .single();
      expect(inserted.error).toBeNull();
      const applicationId = String(inserted.data!.id);
      expect(
        (await service.from('applications').update({ status: 'approved' }).eq('id', applicationId)).error,
      ).toBeNull();
      const schedule = clientWithKey(target.api.url, target.api.keys.serviceRoleKey);
      const called = await invoke(schedule, 'send-sms', {});
      expect(called).toMatchObject({ status: 200, body: { success: true } });
      // Twilio is a closed port here: the text failed, in words the officer reads; the decision stands.
      const { data } = await service
        .from('sms_messages')
        .select('status, status_detail')
        .eq('application_id', applicationId);
      expect(data).toEqual([{ status: 'failed', status_detail: expect.stringMatching(/\S/) }]);
      const { data: application } = await service
        .from('applications')
        .select('status')
        .eq('id', applicationId)
        .single();
      expect(application?.status).toBe('approved');
    });

    it('refuses every other caller', async () => {
      const refused = { status: 403, body: { success: false, error: 'Only the service role can send the texts' } };
      expect(await invoke(anonClient(target.api), 'send-sms', {})).toEqual(refused);
      expect(await invoke(await signedInAdmin(target), 'send-sms', {})).toEqual(refused);
    });
  });
}
