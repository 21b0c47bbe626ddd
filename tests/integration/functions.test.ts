import { beforeAll } from 'vitest';
import { mailbox } from '../support/auth-helpers.ts';
import { describeFunctionBehaviour, type FunctionsTarget } from '../support/function-behaviour.ts';
import { serverForThisFile } from '../support/server-for-file.ts';

/**
 * The functions as server/ serves them under Node (server/functions), e-mail going to its dev mailbox. The
 * cases are shared with functions-deno.test.ts, which runs the same handlers from their Deno entries.
 */

const server = serverForThisFile({ env: { AUTOCONFIRM: 'true' } });
const target = {} as FunctionsTarget;

beforeAll(() => {
  Object.assign(target, {
    api: server,
    server,
    siteUrl: server.url,
    functionMail: (to: string) => mailbox(server, to),
  } satisfies FunctionsTarget);
});

describeFunctionBehaviour(target);
