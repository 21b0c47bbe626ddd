import { databaseErrorFields, type Database, type QueryResult, type Statement } from './database.ts';

type RunScript = (statements: Statement[]) => Promise<QueryResult[]>;

type Waiting = {
  statements: Statement[];
  resolve: (results: QueryResult[]) => void;
  reject: (error: unknown) => void;
};

/**
 * Whether a transaction's outcome is not known for sure after this error: no SQLSTATE (the driver lost the
 * connection), a connection exception (08), the server or an operator ending the session (57P..), a system or
 * internal error (58, XX); any of them may have come during its COMMIT. A group that fails so is not run again, as a
 * lone transaction would not be either. Any other error (a broken rule, a cancelled statement: 57014) came from a
 * statement, and the transaction rolled back.
 */
function outcomeUnknown(code: string | undefined): boolean {
  return code === undefined || ['08', '58', 'XX'].includes(code.slice(0, 2)) || code.startsWith('57P');
}

/**
 * Group commit for independent writes: scripts that arrive while `concurrency` transactions are already running
 * wait, and all those waiting then go to the database as one transaction (their statements one after the other),
 * each script still getting its own statements' results. Under a burst, the database commits once for many
 * submissions and receives them in one round trip; alone, a script runs at once as its own transaction.
 *
 * A script in a group must not depend on another's settings or writes: every script sent here sets all it reads
 * (the caller's role and claims, set by each script's first statement) and only inserts, so running several in
 * one transaction gives each the outcome it would get alone, in arrival order. When a group fails on a database
 * error, it rolled back whole: each of its scripts runs again alone, for its own answer (the one that failed gets
 * its error, the others commit). A group holds at most `largestGroup` scripts: one transaction stays a bounded
 * message to the database, and a failure sends at most that many back to run alone.
 */
function groupScripts(run: RunScript, concurrency: number, largestGroup = 64): RunScript {
  const waiting: Waiting[] = [];
  let running = 0;

  async function runGroup(group: Waiting[]) {
    if (group.length === 1) {
      const [only] = group as [Waiting];
      await run(only.statements).then(only.resolve, only.reject);
      return;
    }
    let results: QueryResult[];
    try {
      results = await run(group.flatMap((each) => each.statements));
    } catch (error) {
      if (outcomeUnknown(databaseErrorFields(error)?.code)) {
        for (const each of group) each.reject(error);
        return;
      }
      for (const each of group) await run(each.statements).then(each.resolve, each.reject);
      return;
    }
    let offset = 0;
    for (const each of group) {
      each.resolve(results.slice(offset, offset + each.statements.length));
      offset += each.statements.length;
    }
  }

  function next() {
    while (running < concurrency && waiting.length > 0) {
      running += 1;
      void runGroup(waiting.splice(0, largestGroup)).finally(() => {
        running -= 1;
        next();
      });
    }
  }

  return (statements) =>
    new Promise<QueryResult[]>((resolve, reject) => {
      waiting.push({ statements, resolve, reject });
      next();
    });
}

/**
 * A driver's transactionScript from its way of running one script (`run`): a script the caller marks independent
 * goes through groupScripts (at most `concurrency` such transactions at once), any other runs alone as before.
 */
export function transactionScripts(run: RunScript, concurrency: number): Database['transactionScript'] {
  const grouped = groupScripts(run, concurrency);
  return (statements, options) => (options?.independent ? grouped(statements) : run(statements));
}
