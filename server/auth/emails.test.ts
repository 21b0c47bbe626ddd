import { describe, expect, it } from 'vitest';
import { confirmationEmail, lifetimeInWords, recoveryEmail } from './emails.ts';

describe('auth e-mails', () => {
  it('say how long a link lives in words', () => {
    expect(lifetimeInWords(3600)).toBe('1 hour');
    expect(lifetimeInWords(7200)).toBe('2 hours');
    expect(lifetimeInWords(1800)).toBe('30 minutes');
    expect(lifetimeInWords(90)).toBe('90 seconds');
  });

  it('carry the link in both bodies, escaped in the HTML one, under a clear subject', () => {
    const link = 'https://loans.example.com/auth/v1/verify?token=abc&type=recovery&redirect_to=x';
    const recovery = recoveryEmail('maria@example.com', link, 3600);
    expect(recovery).toMatchObject({ to: 'maria@example.com', subject: 'Reset your Loan Match password' });
    expect(recovery.text).toContain(link);
    expect(recovery.text).toContain('expires in 1 hour');
    expect(recovery.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(recovery.html).not.toContain(link);

    const confirmation = confirmationEmail('maria@example.com', link, 3600);
    expect(confirmation.subject).toBe('Confirm your Loan Match account');
    expect(confirmation.text).toContain(link);
  });
});
