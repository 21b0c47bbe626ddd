import { beforeAll, describe, expect, it } from 'vitest';
import { mailbox } from '../support/auth-helpers.ts';
import { functionNames } from '../support/deno.ts';
import {
  describeFunctionBehaviour,
  invoke,
  SMS_WEBHOOK_TEST,
  type FunctionsTarget,
} from '../support/function-behaviour.ts';
import { anonClient } from '../support/server-process.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

/**
 * The functions as server/ serves them under Node (server/functions), e-mail going to its dev mailbox. The
 * cases are shared with functions-deno.test.ts, which runs the same handlers from their Deno entries.
 */

// Reached directly, as the platform's functions are reached only through its gateway: no proxy is trusted, so the
// addresses a test call claims in X-Forwarded-For are not its own (the per-sender limit's test).
const server = serverForThisFile({
  env: {
    AUTOCONFIRM: 'true',
    TRUST_PROXY: 'false',
    // Twilio's settings for the sms-webhook (nothing is texted: the sender's timer waits an hour, and the API
    // named is a closed port).
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: SMS_WEBHOOK_TEST.authToken,
    TWILIO_FROM_NUMBER: '+12085550100',
    TWILIO_API_URL: 'http://127.0.0.1:9',
    SMS_WEBHOOK_URL: SMS_WEBHOOK_TEST.url,
    SMS_SEND_INTERVAL: '3600',
    SMS_QUIET_HOURS: 'off',
  },
});
const target = {} as FunctionsTarget;

beforeAll(() => {
  Object.assign(target, {
    api: server,
    server,
    siteUrl: server.url,
    functionMail: (to: string) => mailbox(server, to),
    // A server on this machine with its dev mailbox is in local mode: the test page's requests are taken.
    testEmails: true,
  } satisfies FunctionsTarget);
});

describeFunctionBehaviour(target);

describe('the functions server/ serves under Node', () => {
  it('are the functions of supabase/functions, each one answering under its name', async () => {
    const client = anonClient(server);
    for (const name of functionNames()) {
      // A GET: no function takes one, so each answers its own refusal (never the router's 'Function not found').
      const outcome = await invoke(client, name, undefined, { method: 'GET' });
      expect(outcome.body, name).not.toEqual({ code: 'not_found', message: `Function not found: ${name}` });
      expect(outcome.status, name).not.toBe(200);
    }
  });

  it('answers a name that is no function with 404 and the name, in JSON', async () => {
    const outcome = await invoke(anonClient(server), 'no-such-function', {});
    expect(outcome).toEqual({
      status: 404,
      body: { code: 'not_found', message: 'Function not found: no-such-function' },
    });
  });
});
