import { afterAll, describe, expect, it } from 'vitest';
import { mailbox, resetLinkIn, uniqueEmail, verifyLinkIn } from '../support/auth-helpers.ts';
import { anonClient, removeDataDir, startServerProcess, temporaryDataDir } from '../support/server-process.ts';

const dataDir = temporaryDataDir();
afterAll(() => removeDataDir(dataDir));

describe('the dev mailbox (local mode: SMTP_URL unset)', () => {
  it(
    'keeps every e-mail, newest first, as JSON and as a page with clickable links, across restarts',
    { timeout: 120_000 },
    async () => {
      const first = await startServerProcess({ dataDir });
      const email = uniqueEmail('inbox');
      try {
        expect((await anonClient(first).auth.signUp({ email, password: 'inbox-pass' })).error).toBeNull();
        expect((await anonClient(first).auth.resetPasswordForEmail(email)).error).toBeNull();

        const messages = await mailbox(first, email);
        expect(messages.map((message) => message.subject)).toEqual([
          'Reset your Loan Match password',
          'Confirm your Loan Match account',
        ]);
        for (const message of messages) {
          expect(Object.keys(message).sort()).toEqual(['created_at', 'html', 'id', 'subject', 'text', 'to']);
          expect(message.to).toBe(email);
          expect(message.html).toMatch(/^<!doctype html>/);
          expect(Number.isNaN(Date.parse(message.created_at))).toBe(false);
        }
        expect(await mailbox(first, uniqueEmail('someone-else'))).toEqual([]);

        const page = await fetch(`${first.url}/_dev/mailbox`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toContain('text/html');
        expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
        const html = await page.text();
        const recoveryLink = resetLinkIn(messages[0]!).toString().replaceAll('&', '&amp;');
        const confirmLink = verifyLinkIn(messages[1]!).replaceAll('&', '&amp;');
        expect(html).toContain(`<a href="${recoveryLink}">`);
        expect(html).toContain(`<a href="${confirmLink}">`);
        expect(html.indexOf(recoveryLink)).toBeLessThan(html.indexOf(confirmLink));
        expect(html).not.toContain('<script');
      } finally {
        await first.stop();
      }

      const second = await startServerProcess({ dataDir });
      try {
        expect((await mailbox(second, email)).map((message) => message.subject)).toEqual([
          'Reset your Loan Match password',
          'Confirm your Loan Match account',
        ]);
      } finally {
        await second.stop();
      }
    },
  );
});
