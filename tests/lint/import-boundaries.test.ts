import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, proven on fixtures: a file that breaks a rule is reported, one that
 * keeps it is not. Each fixture is linted as if it stood at the path given (nothing is written).
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function importErrors(file: string, specifier: string): Promise<string[]> {
  const code = `import { value } from '${specifier}';\nexport const copy = value;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('features do not import each other', () => {
  it.each([
    ['web/src/features/portal/portal-page.tsx', '../admin/admin-api.ts'],
    ['web/src/features/portal/portal-page.tsx', '../../features/admin/admin-api.ts'],
    ['web/src/features/apply/steps/step-one.tsx', '../../../features/portal/portal-api.ts'],
  ])('%s importing %s is an error', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([
      expect.stringContaining('A feature does not import another feature'),
    ]);
  });

  it.each([
    ['web/src/features/portal/portal-page.tsx', './portal-api.ts'],
    ['web/src/features/portal/portal-page.tsx', '../../lib/api.ts'],
    ['web/src/features/portal/portal-page.tsx', '../../components/error-alert.tsx'],
    ['web/src/features/portal/portal-page.tsx', '../../../../shared/format/money.ts'],
    ['web/src/app/router.tsx', '../features/portal/portal-page.tsx'],
  ])('%s importing %s is allowed', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([]);
  });
});

describe('the shared parts of web/ import no feature', () => {
  it.each([
    ['web/src/lib/api.ts', '../features/admin/admin-api.ts'],
    ['web/src/components/error-alert.tsx', '../features/portal/portal-api.ts'],
  ])('%s importing %s is an error', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([expect.stringContaining('they import none')]);
  });
});

describe('the folder boundaries still hold inside features', () => {
  it('a feature importing server/ breaks the web/ boundary', async () => {
    expect(await importErrors('web/src/features/portal/portal-page.tsx', '../../../../server/app.ts')).toEqual([
      expect.stringContaining('web/ may import only shared/'),
    ]);
  });
});

describe('components do not load the data client', () => {
  it.each([
    ['web/src/features/admin/letter-dialog.tsx', '../../lib/load-supabase.ts'],
    ['web/src/features/portal/portal-page.tsx', '../../lib/supabase.ts'],
    ['web/src/components/error-alert.tsx', '../lib/load-supabase.ts'],
    ['web/src/app/router.tsx', '../lib/load-supabase.ts'],
  ])('%s importing %s is an error', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([
      expect.stringContaining('A component does not load the Supabase client'),
    ]);
  });

  it.each([
    ['web/src/features/admin/documents-api.ts', '../../lib/load-supabase.ts'],
    ['web/src/lib/auth-state.ts', './load-supabase.ts'],
  ])('%s (data code) importing %s is allowed', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([]);
  });

  it('a component importing another feature still breaks the feature rule', async () => {
    expect(await importErrors('web/src/features/portal/portal-page.tsx', '../admin/admin-api.ts')).toEqual([
      expect.stringContaining('A feature does not import another feature'),
    ]);
  });
});
