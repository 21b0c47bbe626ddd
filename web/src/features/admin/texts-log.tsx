import { useId } from 'react';
import { List, Text } from '@chakra-ui/react';
import type { SmsConsentRow, SmsMessageRow } from '../../../../shared/db/sms-rows.ts';
import { formatUsPhone } from '../../../../shared/sms/phone-format.ts';
import { CONFIRM_NUMBER_KIND } from '../../../../shared/sms/sms-texts.ts';
import { officerEventLabels } from '../../../../shared/status/timeline.ts';
import { when } from './who-and-when.ts';

/** What became of a text, as the officer reads it. */
const textStatusLabels: Readonly<Record<SmsMessageRow['status'], string>> = {
  queued: 'waiting to be sent',
  sending: 'being sent',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'not delivered',
  failed: 'failed',
  skipped: 'not sent',
};

/** The texts that tell of no timeline event, by kind. */
const otherTextLabels: Readonly<Record<string, string>> = {
  [CONFIRM_NUMBER_KIND]: 'Asked to confirm the number (reply YES)',
};

const consentSources: Readonly<Record<SmsConsentRow['source'], string>> = {
  application_form: 'on the application form',
  portal: 'in the portal',
};

/**
 * One choice the applicant made about texts, as a record an officer can show if asked: what they agreed to (the
 * words as shown), for which number, where, when and from which address.
 */
function consentText(consent: SmsConsentRow): string {
  const where = `${consentSources[consent.source]} ${when(consent.created_at)}`;
  const from = consent.client_address ? ` from ${consent.client_address}` : '';
  if (!consent.consented) return `Texts turned off ${where}${from}`;
  const number = consent.phone_e164
    ? `at ${formatUsPhone(consent.phone_e164)}`
    : 'but gave no number that can take texts (none are sent)';
  return `Agreed to texts ${number} ${where}${from}: “${consent.consent_text}”`;
}

/**
 * The applicant's choices about texts for this application (docs/product.md §12), then the texts sent to them,
 * with what became of each: sent, delivered, held (and why), not sent or failed (in the provider's words). Each
 * list is shown only when it has an entry; the latest choice is the one that counts.
 */
export function TextsLog({ texts, consents }: { texts: SmsMessageRow[]; consents: SmsConsentRow[] }) {
  const consentsHeadingId = useId();
  const textsHeadingId = useId();
  return (
    <>
      {consents.length > 0 ? (
        <>
          <Text id={consentsHeadingId} fontWeight="semibold" mt="3">
            Consent to texts
          </Text>
          <List.Root ps="5" gap="1" fontSize="sm" aria-labelledby={consentsHeadingId}>
            {consents.map((consent) => (
              <List.Item key={consent.id} overflowWrap="anywhere">
                {consentText(consent)}
              </List.Item>
            ))}
          </List.Root>
        </>
      ) : null}
      {texts.length > 0 ? (
        <>
          <Text id={textsHeadingId} fontWeight="semibold" mt="3">
            Text messages
          </Text>
          <List.Root ps="5" gap="1" fontSize="sm" aria-labelledby={textsHeadingId}>
            {texts.map((text) => (
              <List.Item key={text.id}>
                {officerEventLabels[text.kind as keyof typeof officerEventLabels] ??
                  otherTextLabels[text.kind] ??
                  text.kind}{' '}
                · to {formatUsPhone(text.phone_e164)} · {textStatusLabels[text.status]}
                {text.sent_at ? ` ${when(text.sent_at)}` : ''}
                {text.status_detail ? ` · ${text.status_detail}` : ''}
              </List.Item>
            ))}
          </List.Root>
        </>
      ) : null}
    </>
  );
}
