import { brand } from '../../../shared/brand/brand.ts';
import { applicationEventLabels, type ApplicationEventKind } from '../../../shared/status/timeline.ts';
import { escapeHtml, type MailMessage } from '../_shared/mail.ts';

/** What an applicant is told about a change of their application (approved, declined...). */
export type ApplicationChange = {
  kind: ApplicationEventKind;
  reason: string | null;
  email: string;
  firstName: string;
  businessName: string;
};

const headlines: Partial<Record<ApplicationEventKind, string>> = {
  approved: 'Good news: your application has been approved',
  rejected: 'An update on your application',
  in_review: 'A loan officer is reviewing your application',
};

export function applicationChangeEmail(change: ApplicationChange, siteUrl: string): MailMessage {
  const headline = headlines[change.kind] ?? `Your application: ${applicationEventLabels[change.kind]}`;
  const lines = [
    `Hi ${change.firstName},`,
    `${headline}. The status of the application for ${change.businessName} is now: ${applicationEventLabels[change.kind]}.`,
    ...(change.reason ? [`Our loan officer's note: ${change.reason}`] : []),
    `You can follow every step in your client portal: ${siteUrl}/portal`,
    `Questions? Call ${brand.contactPhone} or write to ${brand.contactEmail}.`,
  ];
  return {
    to: change.email,
    subject: `${brand.productName}: ${headline}`,
    text: lines.join('\n\n'),
    html: `<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5">${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}</body></html>`,
  };
}
