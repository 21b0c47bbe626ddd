import { PHONE_MESSAGES } from '../../shared/sms/phone-format.ts';
import { SMS_CONSENT_TEXTS } from '../../shared/sms/sms-consent.ts';
import { SMS_REPLIES, smsConfirmationText } from '../../shared/sms/sms-texts.ts';
import { expect, test } from './fixtures.ts';
import { seriousAccessibilityViolations } from './pages/accessibility.ts';
import { officerApi } from './pages/officer-api.ts';
import { applicationFor, createAccount, plantSession, signedInPortal } from './pages/portal-session.ts';

/** A text escaped to be matched literally inside a regular expression. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Texts (docs/product.md §12): an applicant turns texts on in the portal's settings with their mobile number (a
 * wrong one is refused under the field); the number is asked to reply YES, and once it has, when their application
 * is decided the text is in the dev SMS outbox, with their first name and the portal's link, nothing else of theirs.
 */
test('an applicant turns texts on in the portal and gets a text when the application is decided', async ({
  browser,
  page,
  baseURL,
  database,
}) => {
  const applicant = await createAccount(database, baseURL!);
  const application = await applicationFor(database, applicant, { user_id: applicant.id, receive_sms: false });
  await signedInPortal(page, baseURL!, applicant);
  const section = page.getByRole('region', { name: 'Text Messages' });
  await expect(section.getByTestId('sms-status')).toHaveText('Texts are off.');

  const number = `(208) 555-01${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  const e164 = `+1${number.replace(/\D/g, '')}`;
  await section.getByRole('checkbox', { name: SMS_CONSENT_TEXTS.portal }).check();
  await section.getByLabel('Mobile number').fill('555-01');
  await section.getByRole('button', { name: 'Save Text Settings' }).click();
  await expect(section.getByText(PHONE_MESSAGES.invalid)).toBeVisible();
  // The focus is on the number to correct, where the message is.
  await expect(section.getByLabel('Mobile number')).toBeFocused();
  await section.getByLabel('Mobile number').fill(number);
  // From the keyboard: the focus stays on the button once saved.
  await section.getByRole('button', { name: 'Save Text Settings' }).press('Enter');
  // A number typed is not proved to be the applicant's: texts begin once the phone answers YES.
  await expect(section.getByTestId('sms-status')).toHaveText(
    `Texts to ${number} begin once you reply YES to the text we send it, so that we know the number is yours.`,
  );
  await expect(section.getByRole('button', { name: 'Save Text Settings' })).toBeFocused();
  expect(await seriousAccessibilityViolations(page, ['section[aria-labelledby="sms-settings-heading"]'])).toEqual([]);

  // The consent is recorded with the words shown, for each of the applicant's applications.
  const { data: consent } = await database
    .from('sms_consents')
    .select('phone_e164, consented, consent_text, source')
    .eq('application_id', application.id)
    .order('created_at', { ascending: false })
    .limit(1)
    .single();
  expect(consent).toEqual({
    phone_e164: e164,
    consented: true,
    consent_text: SMS_CONSENT_TEXTS.portal,
    source: 'portal',
  });

  // The phone gets the question, answers YES (the dev outbox stands in for it), and the portal says texts are on.
  const outbox = async () =>
    (
      (await (await fetch(`${baseURL}/_dev/sms/messages?to=${encodeURIComponent(e164)}`)).json()) as { body: string }[]
    ).map((text) => text.body);
  await expect.poll(outbox).toEqual([smsConfirmationText()]);
  const answered = await fetch(`${baseURL}/_dev/sms/replies`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ from: e164, body: 'YES' }),
  });
  expect(await answered.json()).toEqual({ reply: SMS_REPLIES.start });
  await page.reload();
  await expect(section.getByTestId('sms-status')).toHaveText(`Texts are on for ${number}.`);

  // An officer approves the application: the text is in the dev outbox.
  const officer = await createAccount(database, baseURL!, { admin: true });
  const call = await officerApi(baseURL!, officer);
  await call('decide_application', { application_id: application.id, decision: 'approved', reason: 'A good fit.' });
  await expect.poll(outbox).toEqual([
    // The portal's address as the server's timer knows it (SITE_URL, else this machine). How to stop them was in
    // the first text.
    expect.stringMatching(
      /^Loan Match: Hi Maria, your loan application was approved\. Open your portal: http:\/\/\S+\/portal$/,
    ),
    smsConfirmationText(),
  ]);

  // The officer reads the text on the application, with what became of it.
  const officerPage = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await plantSession(officerPage, baseURL!, officer.session);
  await officerPage.goto(`/admin?list=approved&application=${application.id}`);
  const texts = officerPage
    .getByRole('region', { name: 'Application detail' })
    .getByRole('list', { name: 'Text messages' });
  await expect(texts.getByRole('listitem')).toHaveText([
    new RegExp(`^Asked to confirm the number \\(reply YES\\) · to ${escaped(number)} · sent `),
    new RegExp(`^Approved · to ${escaped(number)} · sent `),
  ]);
  // And the consent behind it as a record: the number, where and when, the address it came from, the words shown.
  const consents = officerPage
    .getByRole('region', { name: 'Application detail' })
    .getByRole('list', { name: 'Consent to texts' });
  await expect(consents.getByRole('listitem').last()).toHaveText(
    new RegExp(
      `^Agreed to texts at ${escaped(number)} in the portal .+ from 127\\.0\\.0\\.1: “${escaped(SMS_CONSENT_TEXTS.portal)}”$`,
    ),
  );
  await officerPage.context().close();
});

/**
 * A number that replied STOP: the portal says so and how texts come back (START from that phone), and refuses to
 * turn them on itself, since a number typed there is not proved to be the applicant's. The number stays typed.
 */
test('a number that replied STOP is texted again only after START from the phone, not from the portal', async ({
  page,
  baseURL,
  database,
}) => {
  const applicant = await createAccount(database, baseURL!);
  const number = `(208) 555-02${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  const e164 = `+1${number.replace(/\D/g, '')}`;
  await applicationFor(database, applicant, { user_id: applicant.id, phone: number, receive_sms: true });
  // What the SMS webhook writes for a reply of STOP (tests/support/function-behaviour.ts signs real ones).
  const stop = await database
    .from('sms_opt_outs')
    .upsert({ phone_e164: e164, opted_out: true, changed_via: 'reply_stop' });
  expect(stop.error).toBeNull();

  await signedInPortal(page, baseURL!, applicant);
  const section = page.getByRole('region', { name: 'Text Messages' });
  await expect(section.getByTestId('sms-status')).toHaveText(
    new RegExp(
      `^You replied STOP on .+: we send no texts to ${escaped(number)}\\. To get them again, reply START to one of our texts from that phone\\.$`,
    ),
  );
  const consent = section.getByRole('checkbox', { name: SMS_CONSENT_TEXTS.portal });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await section.getByRole('button', { name: 'Save Text Settings' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'This number replied STOP to our texts. To get them again, reply START to one of them from that phone.',
  );
  await expect(section.getByLabel('Mobile number')).toHaveValue(number);
  await expect(consent).toBeChecked();
  const { data: optOut } = await database.from('sms_opt_outs').select('opted_out').eq('phone_e164', e164).single();
  expect(optOut).toEqual({ opted_out: true });
});
