import type { Locator } from '@playwright/test';
import { sampleForm } from '../../shared/testing/samples.ts';
import { wizardSteps } from '../../shared/catalogue/wizard.ts';
import { expect, test } from './fixtures.ts';
import { ApplyPage } from './pages/apply-page.ts';
import { openWhenReady } from './pages/app-ready.ts';
import { focusIndicator, type FocusIndicator } from './pages/focus-indicator.ts';
import { createAccount, plantSession } from './pages/portal-session.ts';

/**
 * WCAG 2.2 AA asks a keyboard focus indicator of 3:1 against the colours beside it (1.4.11): one control of each
 * kind (text field, select, checkbox, radio button, textarea, button, link, tab) is focused on the screens where
 * they are and its indicator measured (tests/e2e/pages/focus-indicator.ts).
 */
test('every kind of control shows its keyboard focus at 3:1 or more against what is beside it', async ({
  page,
  baseURL,
  database,
}) => {
  const measured: FocusIndicator[] = [];
  const measure = async (...controls: Locator[]) => {
    for (const control of controls) measured.push(await focusIndicator(control));
  };

  const apply = new ApplyPage(page);
  await apply.open();
  await measure(
    apply.control('firstName'),
    apply.control('creditScore'),
    apply.control('receiveSms'),
    apply.button('Next'),
    page.getByRole('banner').getByRole('link', { name: 'Calculator' }),
  );
  for (const index of [0, 1, 2]) {
    if (index === 1) await measure(apply.radioOption('profitable', sampleForm.profitable));
    await apply.fillFields(ApplyPage.stepValues(sampleForm, index));
    await apply.next();
    await expect(apply.stepHeading).toHaveText(wizardSteps[index + 1]!.title);
  }
  await measure(apply.control('useOfFunds'));

  await openWhenReady(page, '/portal/login');
  await measure(
    page.getByRole('main').getByRole('textbox', { name: /^Email/ }),
    page.getByRole('main').getByRole('button', { name: 'Sign in' }),
    page.getByRole('main').getByRole('link').first(),
  );

  const officer = await createAccount(database, baseURL!, { admin: true });
  await plantSession(page, baseURL!, officer.session);
  await page.goto('/admin');
  await measure(
    page.getByRole('tab', { name: 'Client Management' }),
    page.getByRole('tab', { name: /^Approved Applications/ }),
    page.getByRole('searchbox', { name: 'Search by business, name or e-mail' }),
    page.getByRole('combobox', { name: 'Sort' }),
    page.getByRole('button', { name: 'Refresh Data' }),
  );
  await page.getByRole('tab', { name: 'Lenders' }).click();
  await page.getByRole('button', { name: 'Add Lender' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lender' });
  await measure(
    dialog.getByRole('checkbox', { name: 'Accepts start-ups' }),
    dialog.getByRole('textbox').first(),
    dialog.getByRole('button', { name: 'Cancel' }),
  );

  expect(measured).toHaveLength(18);
  expect(measured.filter((indicator) => indicator.ratio < 3)).toEqual([]);
});
