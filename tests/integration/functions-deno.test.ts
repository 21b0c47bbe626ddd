import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../../shared/brand/brand.ts';
import {
  adminCallers,
  adminCallFixture,
  adminEdgeFunctionCalls,
  describeAdminCalls,
  type AdminCallFixture,
  type Callers,
} from '../support/admin-function-calls.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { outputOf } from '../support/cli-process.ts';
import { functionNames, projectRoot, startDenoFunction, type DenoFunction } from '../support/deno.ts';
import {
  describeFunctionBehaviour,
  invoke,
  generatedBankPackage,
  lenderWithConsent,
  sendEmailsPayload,
  signedInAdmin,
  SMS_WEBHOOK_TEST,
  submitApplicationFor,
  type FunctionsTarget,
} from '../support/function-behaviour.ts';
import { startFunctionsGateway, startMailApiStandIn, type MailApiStandIn } from '../support/hosted-stand-ins.ts';
import { anonClient, serviceClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

/**
 * The functions as a hosted Supabase project runs them: each function's Deno entry (index.ts, Deno.serve) in
 * its own Deno process with a hosted Edge Function's permissions (network and environment only) and the
 * environment a hosted project gives it (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, and the
 * secrets SITE_URL, RESEND_API_KEY, EMAIL_FROM), with server/ as its Supabase API. Callers use supabase-js
 * `functions.invoke` through a loopback gateway standing in for the platform's, and the e-mail goes to a
 * loopback stand-in for Resend's API (both mocks: tests/support/hosted-stand-ins.ts). The cases are those of
 * functions.test.ts and admin-functions-security.test.ts (server/ under Node): same handlers, two runtimes.
 */

const siteUrl = 'https://loans.example';
const emailFrom = 'Loan Match <hello@loans.example>';
const resendKey = 're_test_0123456789';

// server/ as the hosted project's API; SITE_URL is the project's Site URL (where auth may redirect).
// server/'s own text timer waits an hour: the send-sms function under test sends the texts.
const server = serverForThisFile({ env: { AUTOCONFIRM: 'true', SITE_URL: siteUrl, SMS_SEND_INTERVAL: '3600' } });
const target = {} as FunctionsTarget;
let mailApi: MailApiStandIn;
let functions: DenoFunction[] = [];
let gateway: { url: string; close(): Promise<void> } | undefined;

/**
 * What a hosted project gives every function: the platform's variables (not SUPABASE_DB_URL, which no function
 * reads) and the project's secrets, plus RESEND_API_URL, the optional secret that sends the e-mail to the stand-in.
 */
function hostedEnvironment(): Record<string, string> {
  return {
    SUPABASE_URL: server.url,
    SUPABASE_ANON_KEY: server.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: server.keys.serviceRoleKey,
    SITE_URL: siteUrl,
    RESEND_API_KEY: resendKey,
    EMAIL_FROM: emailFrom,
    RESEND_API_URL: `${mailApi.url}/emails`,
    TWILIO_AUTH_TOKEN: SMS_WEBHOOK_TEST.authToken,
    SMS_WEBHOOK_URL: SMS_WEBHOOK_TEST.url,
    // send-sms: Twilio's account and sender, its API a closed port (nothing is texted), at any hour.
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_FROM_NUMBER: '+12085550100',
    TWILIO_API_URL: 'http://127.0.0.1:9',
    SMS_QUIET_HOURS: 'off',
  };
}

beforeAll(async () => {
  mailApi = await startMailApiStandIn();
  const started = await Promise.allSettled(functionNames().map((name) => startDenoFunction(name, hostedEnvironment())));
  functions = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (failed.length > 0) throw failed[0];
  gateway = await startFunctionsGateway({
    api: server.url,
    functions: Object.fromEntries(functions.map((fn) => [fn.name, fn.url])),
  });
  Object.assign(target, {
    api: { url: gateway.url, keys: server.keys },
    server,
    siteUrl,
    async functionMail(to: string) {
      return mailApi.requests
        .filter((request) => request.body.to.includes(to))
        .map((request) => ({ to, subject: request.body.subject, text: request.body.text }))
        .reverse();
    },
    // A deployment without SEND_EMAILS_TEST_PAGE=on: the test page's requests are refused.
    testEmails: false,
  } satisfies FunctionsTarget);
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all(functions.map((fn) => fn.stop()));
  await mailApi?.close();
});

describe('the Deno entries', () => {
  it('run every function under supabase/functions', () => {
    expect(functions.map((fn) => fn.name)).toEqual(functionNames());
    expect(functions.length).toBeGreaterThan(0);
  });

  it('answer the CORS preflight themselves, as hosted functions must', async () => {
    const response = await fetch(`${target.api.url}/functions/v1/send-emails`, {
      method: 'OPTIONS',
      headers: {
        Origin: siteUrl,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization, x-client-info, apikey');
  });

  it('refuse to start without their secrets, naming the missing one', async () => {
    const { RESEND_API_KEY: _omitted, ...withoutKey } = hostedEnvironment();
    await expect(startDenoFunction('send-emails', withoutKey)).rejects.toThrow(
      'The function needs the RESEND_API_KEY secret (supabase secrets set RESEND_API_KEY=...)',
    );
  });
});

describe('e-mail through the HTTP mail API', () => {
  it('posts each message with the API key, the sender, both bodies and the reply-to address', async () => {
    const recipient = uniqueEmail('owner');
    await submitApplicationFor(server, recipient);
    const before = mailApi.requests.length;
    expect(await invoke(anonClient(target.api), 'send-emails', sendEmailsPayload(recipient))).toEqual({
      status: 200,
      body: { success: true },
    });
    const sent = mailApi.requests.slice(before);
    expect(sent.map((request) => [request.method, request.path, request.authorization, request.contentType])).toEqual([
      ['POST', '/emails', `Bearer ${resendKey}`, 'application/json'],
      ['POST', '/emails', `Bearer ${resendKey}`, 'application/json'],
    ]);
    expect(
      sent.map((request) => ({ from: request.body.from, to: request.body.to, replyTo: request.body.reply_to })),
    ).toEqual([
      { from: emailFrom, to: [recipient], replyTo: brand.loansEmail },
      { from: emailFrom, to: [brand.loansEmail], replyTo: recipient },
    ]);
    for (const request of sent) {
      expect(request.body.html).toMatch(/^<!doctype html>/);
      expect(request.body.text.length).toBeGreaterThan(0);
    }
  });

  it('gives a package back when its e-mail to the lender cannot go, so that it can be sent again', async () => {
    const admin = await signedInAdmin(target);
    const { packageId, applicationId } = await generatedBankPackage(target);
    const lender = await lenderWithConsent(target, applicationId, 'approved');
    const stored = async () =>
      (
        await serviceClient(server)
          .from('bank_packages')
          .select('status, lender_id, bank_name, link_token_hash')
          .eq('id', packageId)
          .single()
      ).data;
    mailApi.failWith = 503;
    try {
      expect((await invoke(admin, 'send-bank-package', { packageId, lenderId: lender.id })).status).toBe(500);
    } finally {
      mailApi.failWith = undefined;
    }
    expect(await stored()).toEqual({ status: 'generated', lender_id: null, bank_name: '', link_token_hash: null });
    expect((await invoke(admin, 'send-bank-package', { packageId, lenderId: lender.id })).status).toBe(200);
    expect(await stored()).toMatchObject({ status: 'sent', lender_id: lender.id });
  });

  it('answers the required message when the mail API fails', async () => {
    const recipient = uniqueEmail('owner');
    await submitApplicationFor(server, recipient);
    mailApi.failWith = 503;
    try {
      expect(await invoke(anonClient(target.api), 'send-emails', sendEmailsPayload(recipient))).toEqual({
        status: 500,
        body: { success: false, error: 'Failed to send emails' },
      });
    } finally {
      mailApi.failWith = undefined;
    }
  });
});

describeFunctionBehaviour(target);

describe('the Deno check (npm run test:functions)', () => {
  it('fails on what the Edge Runtime does not allow, one line per problem', async () => {
    // Inside the project (in the gitignored Deno folder), so that node_modules resolves as for the real functions.
    mkdirSync(path.join(projectRoot, '.deno-dir'), { recursive: true });
    const dir = mkdtempSync(path.join(projectRoot, '.deno-dir', 'check-fixture-'));
    try {
      mkdirSync(path.join(dir, 'bad'));
      mkdirSync(path.join(dir, 'no-import-map'));
      writeFileSync(
        path.join(dir, 'bad', 'deno.json'),
        JSON.stringify({ imports: { '@supabase/supabase-js': 'npm:@supabase/supabase-js@2.109.0' } }),
      );
      writeFileSync(path.join(dir, 'bad', 'helper.ts'), 'export const helper = 1;\n');
      writeFileSync(
        path.join(dir, 'bad', 'index.ts'),
        [
          "import { createHash } from 'crypto';",
          "import { readFileSync } from 'node:fs';",
          "import { z } from 'zod';",
          "import { helper } from './helper';",
          "const count: number = 'many';",
          'Deno.serve(async () => {',
          "  await Deno.writeTextFile('/tmp/x', 'y');",
          '  return new Response(String([createHash, readFileSync, z, helper, count]));',
          '});',
          '',
        ].join('\n'),
      );
      writeFileSync(path.join(dir, 'no-import-map', 'index.ts'), "Deno.serve(() => new Response('ok'));\n");

      const { code, stderr } = await outputOf(
        spawn(process.execPath, ['--import', 'tsx', 'tests/deno/check-functions.ts', dir], {
          cwd: projectRoot,
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      );
      const at = path.relative(projectRoot, dir);
      const noFiles = 'a hosted function has no project files and keeps none (use the database or storage)';
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        `${at}/bad/index.ts:1:28: imports 'crypto': the Edge Runtime needs Node built-ins with the node: prefix ('node:crypto')`,
        `${at}/bad/index.ts:2:30: file system access (node:fs): ${noFiles}`,
        `${at}/bad/index.ts:3:19: import 'zod' is not in bad/deno.json's imports: deployed, it would not resolve`,
        `${at}/bad/index.ts:4:24: import './helper' does not resolve under Deno: Module not found "${at}/bad/helper".`,
        `${at}/bad/index.ts:5:7: TS2322 Type 'string' is not assignable to type 'number'.`,
        `${at}/bad/index.ts:7:9: file system access (Deno.writeTextFile): ${noFiles}`,
        `${at}/no-import-map: no deno.json: each function deploys with its own`,
        `test:functions: 7 problem(s) in ${at} under Deno`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('who may call the admin functions', () => {
  const fixture = {} as AdminCallFixture;
  const callers = {} as Callers;
  beforeAll(async () => {
    Object.assign(fixture, await adminCallFixture(target));
    Object.assign(callers, await adminCallers(target));
  });
  describeAdminCalls(adminEdgeFunctionCalls(target, fixture), callers);
});
