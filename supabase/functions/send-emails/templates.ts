import { brand, CONSULTATION_MINUTES } from '../../../shared/brand/brand.ts';
import {
  emptyPreQualificationForm,
  preQualificationFields,
  type PreQualificationField,
  type PreQualificationForm,
} from '../../../shared/catalogue/pre-qualification.ts';
import { officerReasons } from '../../../shared/evaluation/officer-reasons.ts';
import { formAnswerText } from '../../../shared/application/application-answers.ts';
import type { SendEmailsPayload } from '../../../shared/validation/notifications.ts';
import { APPLICATION_OWNERSHIP } from '../../../shared/messages/portal-admin.ts';
import { escapeHtml, htmlParagraph, type MailMessage } from '../_shared/mail.ts';

/**
 * The two notification e-mails of a pre-qualification (docs/product.md §7, Application and e-mail): to the applicant
 * and to the team.
 */

function paragraphs(lines: string[], siteUrl: string): string {
  return lines.map((line) => htmlParagraph(line, siteUrl)).join('\n');
}

function list(items: string[]): { text: string; html: string } {
  return {
    text: items.map((item) => `- ${item}`).join('\n'),
    html: `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
  };
}

function layout(body: string): string {
  return `<!doctype html><html><body style="font-family: Arial, sans-serif; color: #1a202c; line-height: 1.5">${body}<hr><p style="font-size: 12px; color: #4a5568">${escapeHtml(
    `${brand.productName} is not a lender. We match small businesses with SBA lenders in our partner network. ${brand.contactPhone} · ${brand.contactEmail} · ${brand.businessHours}`,
  )}</p></body></html>`;
}

/**
 * Anyone can type someone's e-mail into the form: the person who gets this e-mail without having filled it in is
 * told what to do. The application reaches nothing of theirs unless they confirm it in the portal.
 */
export const NOT_YOURS_LINE = `Did not fill in this form? Someone may have typed your e-mail address by mistake. You can ignore this e-mail; if our client portal asks you '${APPLICATION_OWNERSHIP.question}' about it, answer '${APPLICATION_OWNERSHIP.notMine}'.`;

/** The longest name the applicant's e-mail shows in full (the application keeps it in full). */
export const NAME_SHOWN_MAX = 100;

/**
 * A name as the applicant's e-mail shows it: on one line, cut at NAME_SHOWN_MAX characters. The names are typed
 * by whoever filled in the form, and the e-mail goes to the address they typed: it carries no paragraphs of theirs.
 */
export function shownName(name: string): string {
  const line = name.replace(/\s+/g, ' ').trim();
  return line.length > NAME_SHOWN_MAX ? `${line.slice(0, NAME_SHOWN_MAX - 1)}…` : line;
}

export function applicantEmail(payload: SendEmailsPayload, siteUrl: string): MailMessage {
  const { evaluation } = payload;
  const steps = list(evaluation.suggestedNextSteps);
  const greeting = `Hi ${shownName(payload.firstName)},`;
  const businessName = shownName(payload.businessName);
  if (evaluation.qualified) {
    const intro = [
      greeting,
      `Thank you for submitting the pre-qualification form for ${businessName}. Good news: based on what you told us, you pre-qualify for SBA financing through our lending partners.`,
      `Your next step is a free ${CONSULTATION_MINUTES}-minute consultation with one of our loan experts. You can book it here: ${brand.schedulingUrl}`,
      `Create your account in our secure client portal to upload your documents: ${siteUrl}/portal/login?mode=signup`,
    ];
    return {
      to: payload.applicantEmail,
      subject: `You pre-qualify: next steps for ${businessName}`,
      text: `${intro.join('\n\n')}\n\nNext steps:\n${steps.text}\n\n${NOT_YOURS_LINE}\n\n${brand.productName}\n${brand.contactPhone}\n${brand.contactEmail}`,
      html: layout(
        `${paragraphs(intro, siteUrl)}<p><strong>Next steps</strong></p>${steps.html}${paragraphs([NOT_YOURS_LINE], siteUrl)}`,
      ),
      replyTo: brand.loansEmail,
    };
  }
  const areas = list(evaluation.reasons);
  const intro = [
    greeting,
    `Thank you for submitting the pre-qualification form for ${businessName}. Based on what you told us, you do not pre-qualify yet, but there is a path forward and we are happy to help you on it.`,
  ];
  return {
    to: payload.applicantEmail,
    subject: `Your pre-qualification results for ${businessName}`,
    text: `${intro.join('\n\n')}\n\nAreas to address:\n${areas.text}\n\nNext steps:\n${steps.text}\n\nCall us at ${brand.contactPhone} or write to ${brand.contactEmail}.\n\n${NOT_YOURS_LINE}`,
    html: layout(
      `${paragraphs(intro, siteUrl)}<p><strong>Areas to address</strong></p>${areas.html}<p><strong>Next steps</strong></p>${steps.html}${paragraphs(
        [`Call us at ${brand.contactPhone} or write to ${brand.contactEmail}.`, NOT_YOURS_LINE],
        siteUrl,
      )}`,
    ),
    replyTo: brand.loansEmail,
  };
}

/** The form a request's answers make: its own fields over an empty form, as the evaluation reads them. */
export function formOfAnswers(formData: Record<string, unknown>): PreQualificationForm {
  const answers = Object.fromEntries(Object.entries(formData).filter(([key]) => key in emptyPreQualificationForm));
  return { ...emptyPreQualificationForm, ...answers } as PreQualificationForm;
}

/** The form's answers as label: value lines, as the review step showed them (formAnswerText). */
function answers(formData: Record<string, unknown> | undefined): string[] {
  if (!formData) return [];
  return Object.entries(preQualificationFields).flatMap(([key, field]) => {
    const shown = formAnswerText(key as PreQualificationField, formData[key]);
    if (shown === '') return [];
    return [`${field.label}: ${shown}`];
  });
}

export function teamEmail(payload: SendEmailsPayload, siteUrl: string): MailMessage {
  const { evaluation } = payload;
  const summary = [
    `${payload.firstName} ${payload.lastName} (${payload.applicantEmail}) submitted a pre-qualification for ${payload.businessName}.`,
    `Result: ${evaluation.qualified ? 'pre-qualified' : 'not pre-qualified'}.`,
  ];
  // The team reads the unmet criteria in the officer's words (the applicant's e-mail has the applicant's).
  const unmet =
    payload.formData && !evaluation.qualified ? officerReasons(formOfAnswers(payload.formData)) : evaluation.reasons;
  const reasons = unmet.length > 0 ? list(unmet) : undefined;
  const details = list(answers(payload.formData));
  return {
    to: brand.loansEmail,
    subject: `New pre-qualification: ${payload.businessName} (${evaluation.qualified ? 'qualified' : 'not qualified'})`,
    text: `${summary.join('\n')}${reasons ? `\n\nUnmet criteria:\n${reasons.text}` : ''}${
      details.text ? `\n\nAnswers:\n${details.text}` : ''
    }`,
    html: layout(
      `${paragraphs(summary, siteUrl)}${reasons ? `<p><strong>Unmet criteria</strong></p>${reasons.html}` : ''}${
        details.text ? `<p><strong>Answers</strong></p>${details.html}` : ''
      }`,
    ),
    replyTo: payload.applicantEmail,
  };
}
