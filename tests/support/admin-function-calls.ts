import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { signToken } from '../../server/keys.ts';
import { claimsOf, mailbox, uniqueEmail } from './auth-helpers.ts';
import {
  declinedApplication,
  generatedBankPackage,
  lenderWithConsent,
  invoke,
  signedInAdmin,
  testPassword,
  type FunctionsTarget,
  type Outcome,
} from './function-behaviour.ts';
import { anonClient, clientWithKey, serviceClient } from './server-process.ts';

/**
 * Every edge function that checks for an admin, called by everyone who is not one: a visitor, an applicant, an
 * applicant who wrote role = admin into their own user_metadata (through updateUser, then a fresh token), and
 * a forged token claiming app_metadata.role = admin (signed with another secret). Each gets 401 or 403 and
 * nothing happens; then the admin's call succeeds and does what it should. Run against server/ (with the SQL
 * functions, tests/integration/admin-functions-security.test.ts) and against the Deno entries
 * (tests/integration/functions-deno.test.ts).
 */

export const refusedCallers = ['visitor', 'applicant', 'metadata admin', 'forged admin token'] as const;
export type CallerName = (typeof refusedCallers)[number] | 'admin';
export type Callers = Record<CallerName, SupabaseClient>;

/** A call and what it leaves behind: the evidence that it happened (mail sent, rows written, data returned). */
export type AdminCall = {
  name: string;
  kind: 'edge function' | 'SQL function';
  call(client: SupabaseClient): Promise<Outcome>;
  /** What calls have done so far (e.g. the audit entries written), including what the last outcome returned. */
  effects(lastOutcome: Outcome): Promise<unknown[]>;
  /** How many effects one admin call leaves. */
  effectsOfOneCall: number;
};

/** What the admin edge functions act on. */
export type AdminCallFixture = {
  client: { id: string; email: string };
  decidedApplicationId: string;
  decidedApplicant: string;
  packageId: string;
  /** A lender the package's applicant approved. */
  lender: { id: string; contactEmail: string };
  /** A package already sent to that lender, whose link is active. */
  sentPackageId: string;
};

/** A client account signed up through the auth API (the server confirms it: AUTOCONFIRM). */
async function signedUp(
  target: FunctionsTarget,
  name: string,
): Promise<{ client: SupabaseClient; id: string; email: string }> {
  const email = uniqueEmail(name);
  const client = anonClient(target.api);
  const { data, error } = await client.auth.signUp({
    email,
    password: testPassword,
    options: { data: { role: 'applicant' } },
  });
  if (error || !data.user) throw new Error(`sign-up failed: ${error?.message}`);
  return { client, id: data.user.id, email };
}

/** A package of the application marked sent to the lender with an active link (set up with the service role). */
async function sentBankPackage(target: FunctionsTarget, applicationId: string, lenderId: string): Promise<string> {
  const service = serviceClient(target.server);
  const generated = await service
    .from('bank_packages')
    .insert({ application_id: applicationId, summary: 'Executive summary' })
    .select('id')
    .single();
  if (generated.error) throw new Error(generated.error.message);
  const sent = await service
    .from('bank_packages')
    .update({
      status: 'sent',
      sent_at: new Date().toISOString(),
      lender_id: lenderId,
      link_token_hash: randomBytes(32).toString('hex'),
      link_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .eq('id', generated.data.id);
  if (sent.error) throw new Error(sent.error.message);
  return String(generated.data.id);
}

export async function adminCallFixture(target: FunctionsTarget): Promise<AdminCallFixture> {
  const { id, email } = await signedUp(target, 'client');
  const declined = await declinedApplication(target);
  const bankPackage = await generatedBankPackage(target);
  const lender = await lenderWithConsent(target, bankPackage.applicationId, 'approved');
  return {
    client: { id, email },
    decidedApplicationId: declined.id,
    decidedApplicant: declined.applicant,
    packageId: bankPackage.packageId,
    lender,
    sentPackageId: await sentBankPackage(target, bankPackage.applicationId, lender.id),
  };
}

export async function adminCallers(target: FunctionsTarget): Promise<Callers> {
  const climber = (await signedUp(target, 'climber')).client;
  const updated = await climber.auth.updateUser({ data: { role: 'admin' } });
  if (updated.error) throw new Error(updated.error.message);
  const refreshed = await climber.auth.refreshSession();
  if (refreshed.error || !refreshed.data.session) throw new Error(`refresh failed: ${refreshed.error?.message}`);
  // The fresh token really carries the claim: the check must not rely on it being absent.
  expect(claimsOf(refreshed.data.session.access_token).user_metadata).toMatchObject({ role: 'admin' });

  // An admin's real claims, signed with a secret that is not the project's.
  const officer = await signedInAdmin(target);
  const session = (await officer.auth.getSession()).data.session;
  if (!session) throw new Error('the officer has no session');
  const forged = await signToken(randomBytes(48).toString('base64url'), claimsOf(session.access_token), 3600);

  return {
    visitor: anonClient(target.api),
    applicant: (await signedUp(target, 'applicant')).client,
    'metadata admin': climber,
    'forged admin token': clientWithKey(target.api.url, target.api.keys.anonKey, { accessToken: async () => forged }),
    admin: await signedInAdmin(target),
  };
}

/** The audit entries of one action on one record. */
export async function auditEntries(target: FunctionsTarget, action: string, recordId: string): Promise<unknown[]> {
  const { data, error } = await serviceClient(target.server)
    .from('audit_log')
    .select('action, actor_id')
    .eq('action', action)
    .eq('record_id', recordId);
  if (error) throw new Error(error.message);
  return data;
}

/** The admin edge functions' calls. `target` and `fixture` are read only when the tests run. */
export function adminEdgeFunctionCalls(target: FunctionsTarget, fixture: AdminCallFixture): AdminCall[] {
  return [
    {
      name: 'admin-clients',
      kind: 'edge function',
      call: (caller) => invoke(caller, 'admin-clients', { search: fixture.client.email }),
      async effects({ body }) {
        const clients = (body as { clients?: { id: string }[] }).clients;
        return (clients ?? []).filter((row) => row.id === fixture.client.id);
      },
      effectsOfOneCall: 1,
    },
    {
      name: 'admin-reset-password',
      kind: 'edge function',
      call: (caller) => invoke(caller, 'admin-reset-password', { userId: fixture.client.id }),
      async effects() {
        const resets = (await mailbox(target.server, fixture.client.email)).filter((mail) =>
          /reset/i.test(mail.subject),
        );
        return [...resets, ...(await auditEntries(target, 'client.password_reset_sent', fixture.client.id))];
      },
      // the e-mail and its audit entry
      effectsOfOneCall: 2,
    },
    {
      name: 'notify-applicant',
      kind: 'edge function',
      call: (caller) => invoke(caller, 'notify-applicant', { applicationId: fixture.decidedApplicationId }),
      effects: async () =>
        (await target.functionMail(fixture.decidedApplicant)).filter((mail) => /declined|update/i.test(mail.subject)),
      effectsOfOneCall: 1,
    },
    {
      name: 'send-bank-package',
      kind: 'edge function',
      call: (caller) =>
        invoke(caller, 'send-bank-package', {
          packageId: fixture.packageId,
          lenderId: fixture.lender.id,
        }),
      effects: async () =>
        (await target.functionMail(fixture.lender.contactEmail)).filter((mail) =>
          mail.subject.includes(fixture.packageId.slice(0, 8)),
        ),
      effectsOfOneCall: 1,
    },
  ];
}

/** Registers, for each call: every refused caller gets 401 or 403 and nothing happens; the admin's call works once. */
export function describeAdminCalls(calls: AdminCall[], callers: Callers): void {
  describe.each(calls)('$kind $name', (adminCall) => {
    const nothingYet: Outcome = { status: 0, body: {} };

    it.each(refusedCallers)('refuses the %s, and nothing happens', async (caller) => {
      const before = await adminCall.effects(nothingYet);
      const outcome = await adminCall.call(callers[caller]);
      expect([401, 403]).toContain(outcome.status);
      expect(await adminCall.effects(outcome)).toEqual(before);
    });

    it('lets the admin through, and it happens once', async () => {
      const before = await adminCall.effects(nothingYet);
      const outcome = await adminCall.call(callers.admin);
      expect(outcome.status).toBeLessThan(300);
      expect(await adminCall.effects(outcome)).toHaveLength(before.length + adminCall.effectsOfOneCall);
    });
  });
}
