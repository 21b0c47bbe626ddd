import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashParams, openLink, uniqueEmail } from '../support/auth-helpers.ts';
import {
  anonClient,
  removeDataDir,
  startServerProcess,
  temporaryDataDir,
  type ServerProcess,
} from '../support/server-process.ts';

type Received = { from: string; to: string[]; raw: string };

// A real SMTP server, in this process: server/ sends to it through nodemailer (SMTP_URL).
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let server: ServerProcess;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startServerProcess({
    dataDir: temporaryDataDir(),
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Loan Match Test <no-reply@loans.test>' },
  });
});

afterAll(async () => {
  await server?.stop();
  if (server) await removeDataDir(server.dataDir);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Decodes a quoted-printable body enough to read a link back. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function waitForMail(to: string): Promise<Received> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const message = received.find((item) => item.to.includes(to));
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${to} reached the SMTP server`);
}

describe('SMTP transport (SMTP_URL set)', () => {
  it('delivers the confirmation e-mail over SMTP, and its link works', async () => {
    const email = uniqueEmail('smtp');
    expect((await anonClient(server).auth.signUp({ email, password: 'smtp-pass' })).error).toBeNull();
    const message = await waitForMail(email);
    expect(message.from).toBe('no-reply@loans.test');
    expect(message.raw).toMatch(/^From: Loan Match Test <no-reply@loans\.test>\r?$/m);
    expect(message.raw).toMatch(new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\r?$`, 'm'));
    expect(message.raw).toMatch(/^Subject: Confirm your Loan Match account\r?$/m);
    expect(message.raw).toContain('Content-Type: multipart/alternative');
    expect(message.raw).toContain('Content-Type: text/html');

    const link = /https?:\/\/\S+\/auth\/v1\/verify\?[^\s"<]+/.exec(decodeQuotedPrintable(message.raw))?.[0];
    expect(link).toBeDefined();
    const { status, location } = await openLink(link!.replaceAll('&amp;', '&'));
    expect(status).toBe(303);
    // An implicit-flow sign-up's link confirms the address and signs its opener in on the reset page, to choose
    // the password (README, sign-ups for an address nobody has confirmed).
    expect(location!.pathname).toBe('/portal/reset-password');
    expect(hashParams(location!).get('type')).toBe('recovery');
    expect(hashParams(location!).get('access_token')).toEqual(expect.any(String));
  });

  it('does not serve the dev mailbox', async () => {
    expect((await fetch(`${server.url}/_dev/mailbox`)).status).toBe(404);
    expect((await fetch(`${server.url}/_dev/mailbox/messages`)).status).toBe(404);
  });
});
