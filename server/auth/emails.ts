import { brand } from '../../shared/brand/brand.ts';
import type { MailMessage } from '../mail/transport.ts';
import { escapeHtml } from '../mail/mailbox-page.ts';

/** "1 hour", "30 minutes", "90 seconds": how long a link lives, in words. */
export function lifetimeInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

function html(paragraphs: string[], link: { url: string; label: string }, after: string[]): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const href = escapeHtml(link.url);
  return `<!doctype html>
<html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(brand.productName)}</h1>
${paragraphs.map(p).join('\n')}
<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;background:#2b6cb0;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4a5568">If the button does not work, copy this address into your browser:<br><a href="${href}">${href}</a></p>
${after.map(p).join('\n')}
</body></html>
`;
}

/** The e-mail that confirms a new account's address. */
export function confirmationEmail(to: string, link: string, lifetimeSeconds: number): MailMessage {
  const lifetime = lifetimeInWords(lifetimeSeconds);
  const intro = [
    `Welcome to ${brand.productName}.`,
    'Please confirm your e-mail address to finish creating your account:',
  ];
  const after = [
    `This link works once and expires in ${lifetime}.`,
    `If you did not create an account with ${brand.productName}, you can ignore this e-mail.`,
  ];
  return {
    to,
    subject: `Confirm your ${brand.productName} account`,
    text: [...intro, '', link, '', ...after].join('\n'),
    html: html(intro, { url: link, label: 'Confirm my e-mail address' }, after),
  };
}

/** The e-mail with the password-reset link. */
export function recoveryEmail(to: string, link: string, lifetimeSeconds: number): MailMessage {
  const lifetime = lifetimeInWords(lifetimeSeconds);
  const intro = [
    `Someone asked to reset the password of the ${brand.productName} account for ${to}.`,
    'To choose a new password, open this link:',
  ];
  const after = [
    `This link works once and expires in ${lifetime}.`,
    'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  ];
  return {
    to,
    subject: `Reset your ${brand.productName} password`,
    text: [...intro, '', link, '', ...after].join('\n'),
    html: html(intro, { url: link, label: 'Reset my password' }, after),
  };
}

/**
 * The e-mail a sign-up with an address that already has a confirmed account gets instead of a confirmation:
 * the page says the same to everyone ('Please check your email...'), so that nobody learns which addresses
 * have accounts, and the owner learns here that they need only sign in, or reset a forgotten password.
 */
export function accountExistsEmail(to: string, site: string): MailMessage {
  const login = `${site}/portal/login`;
  const intro = [
    `Someone, probably you, tried to create a ${brand.productName} account for ${to}. This address already has one.`,
    'Sign in with it here:',
  ];
  const after = [
    `Forgot your password? Choose "Forgot password" on that page, and we will e-mail you a link to set a new one.`,
    `If you did not try to create an account, you can ignore this e-mail: nothing has changed.`,
  ];
  return {
    to,
    subject: `You already have a ${brand.productName} account`,
    text: [...intro, '', login, '', ...after].join('\n'),
    html: html(intro, { url: login, label: 'Sign in' }, after),
  };
}
