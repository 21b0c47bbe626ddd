import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './transport.ts';

export type SmtpTransport = MailTransport & { kind: 'smtp' };

/** Real e-mail through the SMTP server of SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS). */
export function createSmtpTransport(smtpUrl: string, from: string): SmtpTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      const info = await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
      });
      return { id: info.messageId };
    },
    async close() {
      transporter.close();
    },
  };
}
