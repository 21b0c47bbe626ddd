import { Box, Button, chakra, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { formatUsPhone } from '../../../../shared/sms/phone-format.ts';
import { SMS_CONSENT_TEXTS, smsNumberConfirmed } from '../../../../shared/sms/sms-consent.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { CheckboxField, FormField } from '../../components/form-controls.tsx';
import { useFocusBackAfterBusy } from '../../lib/use-busy.ts';
import type { PortalApplication } from './portal-api.ts';
import {
  smsSettingsArgument,
  useSetSmsPreferenceMutation,
  useSmsSettingsQuery,
  type SmsSettings,
} from './sms-settings-api.ts';

/** Where the applicant's texts stand, in their words. */
function statusText({ consent, optOut }: SmsSettings): string {
  if (consent?.consented && consent.phone_e164 && optOut?.opted_out) {
    return `You replied STOP on ${formatLongDate(optOut.changed_at)}: we send no texts to ${formatUsPhone(consent.phone_e164)}. To get them again, reply START to one of our texts from that phone.`;
  }
  if (consent?.consented && consent.phone_e164 && !smsNumberConfirmed(optOut)) {
    return `Texts to ${formatUsPhone(consent.phone_e164)} begin once you reply YES to the text we send it, so that we know the number is yours.`;
  }
  if (consent?.consented && consent.phone_e164) return `Texts are on for ${formatUsPhone(consent.phone_e164)}.`;
  if (consent?.consented) return 'Texts are off: the number you gave is not a US mobile number. Enter it below.';
  return 'Texts are off.';
}

/**
 * The portal's notification settings (docs/product.md §12): where texts stand, and the mobile number and choice
 * the applicant changes. Turning texts on records a new consent with the words shown here. The number is checked
 * with the phone library, loaded only when the applicant saves (it is large, and most never open this). Read-only
 * for an officer viewing the client's portal.
 */
export function SmsSettingsSection({
  applications,
  readOnly,
}: {
  applications: PortalApplication[];
  readOnly: boolean;
}) {
  const settings = useSmsSettingsQuery(smsSettingsArgument(applications), { skip: applications.length === 0 });
  if (applications.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="sms-settings-heading" gap="3">
      <Heading as="h2" size="xl" id="sms-settings-heading">
        Text Messages
      </Heading>
      {settings.isError ? <ErrorAlert message={settings.error.message} /> : null}
      {settings.data ? (
        <>
          <Text role="status" data-testid="sms-status">
            {statusText(settings.data)}
          </Text>
          {readOnly ? null : <SmsSettingsForm current={settings.data} />}
        </>
      ) : null}
    </Stack>
  );
}

function SmsSettingsForm({ current }: { current: SmsSettings }) {
  const [phone, setPhone] = useState(current.consent?.phone_e164 ? formatUsPhone(current.consent.phone_e164) : '');
  const [wanted, setWanted] = useState(
    Boolean(current.consent?.consented && current.consent.phone_e164 && !current.optOut?.opted_out),
  );
  const [phoneError, setPhoneError] = useState<string | undefined>();
  // A number refused: the focus goes to it, where its message is, to be corrected.
  const phoneInput = useRef<HTMLInputElement>(null);
  const [save, saving] = useSetSmsPreferenceMutation();
  // Saving disables the button: a keyboard user who pressed it keeps their place once it is saved.
  const { ref: saveButton, pressed } = useFocusBackAfterBusy<HTMLButtonElement>(saving.isLoading);
  const submit = async () => {
    let e164 = current.consent?.phone_e164 ?? '';
    if (wanted || phone.trim() !== '') {
      const { normalizeUsMobile } = await import('../../../../shared/sms/phone-number.ts');
      const read = normalizeUsMobile(phone);
      if (!read.ok) {
        // Turning texts off needs no number: a wrong one is only an error when texts are wanted.
        if (wanted) {
          setPhoneError(read.message);
          phoneInput.current?.focus();
          return;
        }
      } else {
        e164 = read.e164;
      }
    }
    setPhoneError(undefined);
    await save({ phoneE164: e164, enabled: wanted });
  };
  return (
    <chakra.form
      aria-label="Text message settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="3" maxW="lg">
        <FormField label="Mobile number" error={phoneError}>
          <Input
            ref={phoneInput}
            type="tel"
            autoComplete="tel-national"
            value={phone}
            placeholder="(208) 555-0134"
            onChange={(event) => setPhone(event.target.value)}
          />
        </FormField>
        <CheckboxField
          label={SMS_CONSENT_TEXTS.portal}
          checked={wanted}
          onChange={(event) => setWanted(event.target.checked)}
        />
        {saving.isError ? <ErrorAlert message={saving.error.message} /> : null}
        <Box>
          <Button type="submit" colorPalette="blue" ref={saveButton} loading={saving.isLoading} onClick={pressed}>
            Save Text Settings
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  );
}
