import { test as base } from '@playwright/test';
import { createApiKeys, loadJwtSecret } from '../../server/keys.ts';
import { serviceClient } from '../support/server-process.ts';
import type { SupabaseClient } from '@supabase/supabase-js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests through playwright.config.ts`);
  return value;
}

/** baseURL is the server the global setup started; `database` reads what is really stored (service role). */
export const test = base.extend<{ database: SupabaseClient }>({
  baseURL: async ({}, use) => {
    await use(required('E2E_BASE_URL'));
  },
  database: async ({}, use) => {
    const url = required('E2E_BASE_URL');
    const keys = await createApiKeys(loadJwtSecret(required('E2E_DATA_DIR'), undefined));
    await use(serviceClient({ url, keys }));
  },
});

export { expect } from '@playwright/test';
