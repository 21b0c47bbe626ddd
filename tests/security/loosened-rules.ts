import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm run test:loosened-rules`: proves that the security tests notice a broken rule. For each rule below,
 * a copy of the repository gets that one rule loosened, the security tests run on the copy, and the script
 * prints which tests failed. A loosened rule that no test notices makes the script fail.
 *
 * Not part of `npm test` (each rule costs a full run of the security tests); run it after changing the
 * policies, the functions' admin check or the security tests themselves.
 */

type LoosenedRule = { name: string; file: string; from: string; to: string };

const rules: LoosenedRule[] = [
  {
    name: 'documents insert policy without user_id = auth.uid()',
    // The policy as the latest migration that restates it defines it (the first one is dropped there).
    file: 'supabase/migrations/20261204100000_applicants_confirm_linked_applications.sql',
    from: '  with check (\n    user_id = (select auth.uid())\n    and uploaded_by = (select auth.uid())',
    to: '  with check (\n    uploaded_by = (select auth.uid())',
  },
  {
    name: 'documents update policy using (true)',
    file: 'supabase/migrations/20261204100000_applicants_confirm_linked_applications.sql',
    from: '  for update\n  to authenticated\n  using (user_id = (select auth.uid()))\n  with check (\n    user_id = (select auth.uid())\n    and (',
    to: '  for update\n  to authenticated\n  using (true)\n  with check (\n    (',
  },
  {
    name: 'documents delete policy using (true)',
    file: 'supabase/migrations/20261121230400_documents.sql',
    from: '  for delete\n  to authenticated\n  using (user_id = (select auth.uid()));',
    to: '  for delete\n  to authenticated\n  using (true);',
  },
  {
    name: 'additional_info insert policy without user_id = auth.uid()',
    file: 'supabase/migrations/20261122100000_portal_timeline_and_additional_info.sql',
    from: '  with check (\n    user_id = (select auth.uid())\n    and application_id is not null',
    to: '  with check (\n    application_id is not null',
  },
  {
    name: 'additional_info update policy using (true) with check (true)',
    file: 'supabase/migrations/20261122100000_portal_timeline_and_additional_info.sql',
    from: '  using (user_id = (select auth.uid()) and public.application_is_open_to_caller(application_id))\n  with check (user_id = (select auth.uid()) and public.application_is_open_to_caller(application_id));',
    to: '  using (true)\n  with check (true);',
  },
  {
    name: 'additional_info editable after the decision',
    file: 'supabase/migrations/20261204100000_applicants_confirm_linked_applications.sql',
    from: ' and a.decided_at is null\n',
    to: '\n',
  },
  {
    name: 'application_events readable by everyone signed in',
    file: 'supabase/migrations/20261122100000_portal_timeline_and_additional_info.sql',
    from: '  using (exists (select 1 from public.applications as a where a.id = application_events.application_id));',
    to: '  using (true);',
  },
  {
    name: 'storage insert policy without the folder check',
    file: 'supabase/migrations/20261121230900_documents_bucket.sql',
    from: "    bucket_id = 'documents'\n    and (storage.foldername(name))[1] = (select auth.uid()::text)\n    and name ~ (",
    to: "    bucket_id = 'documents'\n    and name ~ (",
  },
  {
    name: 'functions’ admin check reads user_metadata.role before app_metadata.role',
    file: 'supabase/functions/_shared/service-client.ts',
    from: '    role: user.app_metadata?.role,',
    to: '    role: user.user_metadata?.role ?? user.app_metadata?.role,',
  },
  {
    name: 'is_admin() reads user_metadata.role before app_metadata.role',
    file: 'supabase/migrations/20261121230000_access_functions.sql',
    from: "  select coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') = 'admin'",
    to: "  select coalesce(auth.jwt() -> 'user_metadata' ->> 'role', auth.jwt() -> 'app_metadata' ->> 'role', '') = 'admin'",
  },
  {
    name: 'a lender link still opens after it was revoked',
    file: 'supabase/migrations/20261124100000_lender_answers.sql',
    from: "   where p.link_token_hash = encode(sha256(convert_to(lender_package.token, 'UTF8')), 'hex')\n     and p.link_revoked_at is null\n",
    to: "   where p.link_token_hash = encode(sha256(convert_to(lender_package.token, 'UTF8')), 'hex')\n",
  },
  {
    name: 'a lender link still opens after it expired',
    file: 'supabase/migrations/20261124100000_lender_answers.sql',
    from: '     and p.link_revoked_at is null\n     and p.link_expires_at > now();\n$$;',
    to: '     and p.link_revoked_at is null;\n$$;',
  },
  {
    name: 'an officer may write a lender’s answer',
    file: 'supabase/migrations/20261124100000_lender_answers.sql',
    from: "  if new.status = any (answers) and current_user in ('anon', 'authenticated') then",
    to: '  if false then',
  },
  {
    name: 'revoke_lender_link without the admin check',
    file: 'supabase/migrations/20261124100000_lender_answers.sql',
    from: "  if not public.is_admin() then\n    raise exception 'Only admins can revoke a lender link'",
    to: "  if false then\n    raise exception 'Only admins can revoke a lender link'",
  },
  {
    name: 'packages go to lenders without the applicant’s approval',
    file: 'supabase/migrations/20261124100000_lender_answers.sql',
    from: '  if new.lender_id is not null and not exists (',
    to: '  if false and not exists (',
  },
  {
    name: 'application notes readable by everyone signed in',
    file: 'supabase/migrations/20261125100000_application_notes.sql',
    from: '  for select\n  to authenticated\n  using ((select public.is_admin()));',
    to: '  for select\n  to authenticated\n  using (true);',
  },
  {
    name: 'application notes written in another officer’s name',
    file: 'supabase/migrations/20261125100000_application_notes.sql',
    from: '  with check ((select public.is_admin()) and author_id = (select auth.uid()));',
    to: '  with check ((select public.is_admin()));',
  },
];

const securityTests = [
  'tests/integration/security-matrix.test.ts',
  'tests/integration/database-rules.test.ts',
  'tests/integration/admin-functions-security.test.ts',
  'tests/integration/lender-answers.test.ts',
  'tests/integration/lender-network.test.ts',
  'tests/integration/application-notes.test.ts',
];
const projectRoot = path.resolve(import.meta.dirname, '..', '..');

type VitestReport = { testResults: { assertionResults: { fullName: string; status: string }[] }[] };

/** A copy of the working tree (tracked and new files, not ignored ones) sharing node_modules. */
function copyOfRepository(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'loan-match-loosened-'));
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: projectRoot,
    encoding: 'utf8',
  }).stdout.split('\0');
  for (const file of files.filter(Boolean)) {
    cpSync(path.join(projectRoot, file), path.join(copy, file), { recursive: true });
  }
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(copy, 'node_modules'));
  return copy;
}

function loosen(copy: string, rule: LoosenedRule): void {
  const file = path.join(copy, rule.file);
  const text = readFileSync(file, 'utf8');
  const found = text.split(rule.from).length - 1;
  if (found !== 1) throw new Error(`${rule.name}: the rule's text appears ${found} times in ${rule.file}`);
  // A function, so that '$' in the new text stays literal (SQL bodies end with $$).
  writeFileSync(
    file,
    text.replace(rule.from, () => rule.to),
  );
}

/** The names of the security tests that fail on the copy. */
function failingTests(copy: string): string[] {
  const reportFile = path.join(copy, 'security-report.json');
  spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'integration', '--reporter=json', `--outputFile=${reportFile}`, ...securityTests],
    { cwd: copy, stdio: 'ignore', env: process.env },
  );
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
  const passed = report.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status === 'passed'));
  // A copy whose server cannot even start (a loosened rule that breaks the SQL) proves nothing.
  if (passed.length === 0) throw new Error('no security test passed on the loosened copy: it did not run');
  return report.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName),
  );
}

// `npm run test:loosened-rules -- <words>` loosens only the rules whose name contains one of the words.
const only = process.argv.slice(2).map((word) => word.toLowerCase());
const chosen = rules.filter((rule) => only.length === 0 || only.some((word) => rule.name.toLowerCase().includes(word)));
let unnoticed = 0;
for (const rule of chosen) {
  const copy = copyOfRepository();
  try {
    loosen(copy, rule);
    const failed = failingTests(copy);
    console.log(`\n${rule.name}: ${failed.length ? `caught by ${failed.length} test(s)` : 'NOT NOTICED'}`);
    for (const name of failed) console.log(`  - ${name}`);
    if (failed.length === 0) unnoticed += 1;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
if (unnoticed > 0) {
  console.error(`\n${unnoticed} loosened rule(s) went unnoticed.`);
  process.exit(1);
}
console.log('\nEvery loosened rule was noticed.');
