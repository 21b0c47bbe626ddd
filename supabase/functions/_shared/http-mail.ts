import type { SendMail } from './mail.ts';

/**
 * E-mail through an HTTP e-mail API (Resend's, https://resend.com/docs/api-reference/emails/send-email),
 * for the hosted functions, where there is no SMTP relay. apiUrl is configurable for tests.
 */
export function httpMailSender(options: { apiKey: string; from: string; apiUrl?: string }): SendMail {
  const url = options.apiUrl ?? 'https://api.resend.com/emails';
  return async (message) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from: options.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { reply_to: message.replyTo } : {}),
      }),
    });
    if (!response.ok) throw new Error(`The e-mail API answered HTTP ${response.status}`);
    return response.json();
  };
}
