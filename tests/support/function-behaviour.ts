import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../../shared/brand/brand.ts';
import { evaluatePreQualification } from '../../shared/evaluation/evaluate.ts';
import { sampleForm } from '../../shared/testing/samples.ts';
import { defaultSendLimits } from '../../supabase/functions/_shared/rate-limit.ts';
import { qualifiedApplicationRow } from './application-rows.ts';
import { mailbox, uniqueEmail } from './auth-helpers.ts';
import { anonClient, serviceClient } from './server-process.ts';

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
};

export const testPassword = 'correct horse battery';

/** A function's answer: its status and JSON body, whether supabase-js calls it a success or an error. */
export async function invoke(
  client: SupabaseClient,
  name: string,
  body: Record<string, unknown> | undefined,
  options: { method?: 'GET' | 'POST' } = {},
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
export async function generatedBankPackage(target: FunctionsTarget): Promise<string> {
  const service = serviceClient(target.server);
  const approved = await service.from('applications').insert(qualifiedApplicationRow()).select('id').single();
  if (approved.error) throw new Error(approved.error.message);
  const updated = await service.from('applications').update({ status: 'approved' }).eq('id', approved.data.id);
  if (updated.error) throw new Error(updated.error.message);
  const generated = await service
    .from('bank_packages')
    .insert({ application_id: approved.data.id, summary: 'Executive summary' })
    .select('id')
    .single();
  if (generated.error) throw new Error(generated.error.message);
  return String(generated.data.id);
}

const noSuchId = '00000000-0000-4000-8000-000000000000';

/** The send-emails request of a pre-qualification (spec section 7) for `recipient`. */
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
    it('sends the applicant confirmation and the team notification', async () => {
      const recipient = uniqueEmail('owner');
      const outcome = await invoke(anonClient(target.api), 'send-emails', sendEmailsPayload(recipient));
      expect(outcome).toEqual({ status: 200, body: { success: true } });
      const toApplicant = await target.functionMail(recipient);
      expect(toApplicant).toHaveLength(1);
      expect(toApplicant[0]!.subject).toBe('You pre-qualify: next steps for Harbor Cafe');
      expect(toApplicant[0]!.text).toContain('Hi Jordan,');
      expect(toApplicant[0]!.text).toContain(`${target.siteUrl}/portal/login`);
      const toTeam = await teamMailAbout(target, recipient);
      expect(toTeam).toHaveLength(1);
      expect(toTeam[0]!.subject).toBe('New pre-qualification: Harbor Cafe (qualified)');
      expect(toTeam[0]!.text).toContain('Business Name: Harbor Cafe');
    });

    it('answers the spec message when required data is missing, and sends nothing', async () => {
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

    it('answers 405 to anything but POST', async () => {
      const outcome = await invoke(anonClient(target.api), 'send-emails', undefined, { method: 'GET' });
      expect(outcome).toEqual({ status: 405, body: { success: false, error: 'Use POST' } });
    });

    it('limits how many e-mails one recipient can be sent', async () => {
      const limited = uniqueEmail('limited');
      const outcomes: Outcome[] = [];
      for (let attempt = 0; attempt <= defaultSendLimits.perRecipient.limit; attempt++) {
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
        const outcome = await invoke(anonClient(target.api), 'send-emails', sendEmailsPayload(uniqueEmail('sender')));
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

    it('admin-reset-password sends a client the password-reset e-mail and records it', async () => {
      const { body: list } = await invoke(admin, 'admin-clients', { search: applicantEmail });
      const userId = (list as { clients: { id: string }[] }).clients[0]!.id;

      expect(await invoke(admin, 'admin-reset-password', { userId })).toEqual({
        status: 200,
        body: { success: true, email: applicantEmail },
      });
      const reset = (await mailbox(target.server, applicantEmail)).find((mail) => /reset/i.test(mail.subject));
      expect(reset?.text).toContain('/auth/v1/verify?');
      expect(reset?.text).toContain(encodeURIComponent(`${target.siteUrl}/portal/reset-password`));

      const audit = await serviceClient(target.server)
        .from('audit_log')
        .select('action, record_id')
        .eq('record_id', userId);
      expect(audit.data).toEqual([{ action: 'client.password_reset_sent', record_id: userId }]);
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
      expect(mail[0]!.text).toContain("Our loan officer's note: Too early");
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

    it('send-bank-package e-mails the bank once, then refuses to send the package again', async () => {
      const packageId = await generatedBankPackage(target);
      const request = { packageId, bankName: 'Harbor Savings', bankEmail: 'Loans@HarborSavings.example' };
      const sent = await invoke(admin, 'send-bank-package', request);
      expect(sent).toEqual({ status: 200, body: { success: true, sentAt: expect.any(String) } });
      const mail = await target.functionMail('loans@harborsavings.example');
      const ours = mail.filter((item) => item.subject === `${brand.productName} loan package ${packageId.slice(0, 8)}`);
      expect(ours).toHaveLength(1);
      expect(ours[0]!.text).toContain('Dear Harbor Savings team,');
      expect(ours[0]!.text).toContain('No documents were uploaded.');

      expect(await invoke(admin, 'send-bank-package', request)).toEqual({
        status: 409,
        body: { success: false, error: 'This package has already been sent' },
      });
    });

    it('send-bank-package refuses a request without a package, a bank or a valid address', async () => {
      const invalid = [
        { packageId: 'x', bankName: 'Harbor Savings', bankEmail: 'loans@harborsavings.example' },
        { packageId: noSuchId, bankName: ' ', bankEmail: 'loans@harborsavings.example' },
        { packageId: noSuchId, bankName: 'Harbor Savings', bankEmail: 'loans at harbor' },
      ];
      for (const body of invalid) {
        expect(await invoke(admin, 'send-bank-package', body)).toEqual({
          status: 400,
          body: { success: false, error: 'A package id, the bank’s name and a valid e-mail are required' },
        });
      }
      expect(
        await invoke(admin, 'send-bank-package', {
          packageId: noSuchId,
          bankName: 'Harbor Savings',
          bankEmail: 'loans@harborsavings.example',
        }),
      ).toEqual({ status: 404, body: { success: false, error: 'No such bank package' } });
    });
  });
}
