import { Alert, Box, Button, chakra, Heading, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import {
  useForm,
  useFormState,
  useWatch,
  type Control,
  type Resolver,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import {
  additionalInfoSections,
  emptyAdditionalInfoForm,
  type AdditionalInfoFieldSpec,
  type AdditionalInfoForm,
} from '../../../../shared/catalogue/additional-info.ts';
import { additionalInfoFormFromSections, type AdditionalInfoRow } from '../../../../shared/db/additional-info.ts';
import { formatUsdInput, parseMoneyInput } from '../../../../shared/format/money.ts';
import { PORTAL_MESSAGES } from '../../../../shared/messages/portal-admin.ts';
import { FormField, SelectInput } from '../../components/form-controls.tsx';
import { clearDraft, differsFrom, readDraft, saveDraft } from './additional-info-draft.ts';
import { useSaveAdditionalInfoMutation } from './portal-api.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { loadAgainOnFailure } from '../../lib/load-again.ts';
import { useFocusBackAfterBusy } from '../../lib/use-busy.ts';

/**
 * A money answer as the form shows it once typed: '85000' and '85k' become '$85,000'. Text that is not an
 * amount stays as typed, for the form's message to point at (never silently turned into another amount).
 */
export function formatMoneyInput(value: string): string {
  if (value.trim() === '') return '';
  const amount = parseMoneyInput(value);
  return amount === null ? value : formatUsdInput(amount);
}

/**
 * The later of two versions of a stored row (its updated_at as the server writes it, so that text order is time
 * order), or null when neither is known.
 */
export function latestVersion(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return a ?? b;
  return a > b ? a : b;
}

/** The form's rules, loaded on first use (see additional-info-rules.ts), and again after a failed load. */
const loadRules = loadAgainOnFailure(() => import('./additional-info-rules.ts'));

const additionalInfoResolver: Resolver<AdditionalInfoForm> = async (values, context, options) =>
  (await loadRules()).additionalInfoResolver(values, context, options);

type AdditionalInfoFormProps = {
  userId: string;
  applicationId: string;
  /** Which application the answers are for, when the applicant has more than one. */
  forApplication: string | null;
  stored: AdditionalInfoRow | undefined;
  /** Why the form cannot be changed (decided application, admin view), or null when it can. */
  lockedReason: string | null;
};

/**
 * The portal's additional-information form (docs/product.md §3), stored per application (docs/architecture.md,
 * Departure 10): shown again when the applicant comes back, editable until an officer decides; a draft survives a
 * reload.
 */
export function AdditionalInfoFormSection({
  userId,
  applicationId,
  forApplication,
  stored,
  lockedReason,
}: AdditionalInfoFormProps) {
  const storedValues = useMemo(() => (stored ? additionalInfoFormFromSections(stored) : undefined), [stored]);
  // What this browser kept of the answers typed and not sent: read at first, and again when the form locks or the
  // stored answers change (the draft is kept, or cleared, as the applicant types and submits).
  const kept = useMemo(
    () => readDraft(userId, applicationId),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when the lock or the stored answers change
    [userId, applicationId, lockedReason, storedValues],
  );
  // A kept draft that holds nothing new (an empty form never typed in) is not restored with a notice.
  const draft = !lockedReason && kept && differsFrom(kept, storedValues ?? emptyAdditionalInfoForm) ? kept : null;
  // Locked with nothing stored: the answers started in this browser and never sent, shown as they were typed
  // (rather than an empty form that reads as sent), or no form at all.
  const unsent = lockedReason && !stored && kept && differsFrom(kept, emptyAdditionalInfoForm) ? kept : null;
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    formState: { isSubmitting },
  } = useForm<AdditionalInfoForm>({
    defaultValues: draft ?? storedValues ?? unsent ?? emptyAdditionalInfoForm,
    resolver: additionalInfoResolver,
  });
  const [save] = useSaveAdditionalInfoMutation();
  // The submission's result: stored, or the reason it was not (shown under the form).
  const [outcome, setOutcome] = useState<{ saved: true } | { saved: false; message: string } | null>(null);
  const failed = { saved: false, message: PORTAL_MESSAGES.additionalInfoFailed } as const;
  // Pressed from the keyboard, the button (disabled while the answers go) has the focus again once they went; the
  // outcome under the form is scrolled into view (below a long form, it would be out of the window).
  const { ref: submitButton, pressed } = useFocusBackAfterBusy<HTMLButtonElement>(isSubmitting);
  const outcomeBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeBox.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome]);

  // What the server holds now: the stored row, then each submission that succeeded.
  const [savedValues, setSavedValues] = useState(storedValues);
  // The stored row's version (updated_at) this form last saw: read with the portal, or given by a save that
  // succeeded (before the portal is read again). A change made elsewhere since then refuses the next save.
  const [savedVersion, setSavedVersion] = useState<string | null>(null);
  const basedOn = latestVersion(stored?.updated_at ?? null, savedVersion);

  const onSubmit = handleSubmit(async (form) => {
    setOutcome(null);
    const result = await save({ applicationId, form, basedOn });
    if ('error' in result) {
      setOutcome({ saved: false, message: result.error?.message ?? failed.message });
      // Changed elsewhere: this form has now seen the stored version, and its next submission replaces it.
      const current = result.error && 'currentVersion' in result.error ? result.error.currentVersion : null;
      if (current) setSavedVersion(current);
      return;
    }
    setSavedVersion(result.data);
    clearDraft(userId, applicationId);
    setSavedValues(form);
    // What was typed while the answers were on their way stays: only the fields left as submitted are reset.
    reset(form, { keepDirtyValues: true });
    setOutcome({ saved: true });
  });

  return (
    <Stack as="section" aria-labelledby="additional-info-heading" gap="4">
      <Heading as="h2" size="xl" id="additional-info-heading">
        Additional Information
      </Heading>
      {forApplication ? <Text color="gray.700">{forApplication}</Text> : null}
      {lockedReason ? <Text color="gray.700">{lockedReason}</Text> : null}
      {lockedReason && !stored ? (
        <Text color="gray.700">
          {unsent ? PORTAL_MESSAGES.additionalInfoDraftNotSent : PORTAL_MESSAGES.additionalInfoNoneSent}
        </Text>
      ) : null}
      {lockedReason ? null : <Text color="gray.700">{PORTAL_MESSAGES.additionalInfoBeforeDecision}</Text>}
      {draft && !lockedReason ? (
        <Text color="gray.700" fontSize="sm">
          Your unsaved answers from your last visit have been restored. Submit them to store them.
        </Text>
      ) : null}
      {lockedReason && !stored && !unsent && !outcome ? null : (
        <form
          // The rules are fetched as soon as the applicant starts on the form; should that fail (the network
          // dropped), the submission fails as a failed save does, and nothing typed is lost.
          onFocus={() => void loadRules().catch(() => undefined)}
          onSubmit={(event) => void onSubmit(event).catch(() => setOutcome(failed))}
          noValidate
          aria-label="Additional information"
        >
          {lockedReason ? null : (
            <KeepsDraft control={control} savedValues={savedValues} userId={userId} applicationId={applicationId} />
          )}
          <chakra.fieldset disabled={Boolean(lockedReason)} minW="0">
            <Stack gap="6">
              <AnswerFields control={control} register={register} setValue={setValue} />
              {lockedReason ? null : (
                // Its words may take two lines on a narrow phone with wider text spacing, instead of leaving the page.
                <Button
                  ref={submitButton}
                  onClick={pressed}
                  type="submit"
                  colorPalette="blue"
                  size="lg"
                  alignSelf="flex-start"
                  whiteSpace="normal"
                  h="auto"
                  minH="11"
                  py="2"
                  disabled={isSubmitting}
                >
                  {isSubmitting ? 'Submitting...' : 'Submit Additional Information'}
                </Button>
              )}
            </Stack>
          </chakra.fieldset>
        </form>
      )}
      {outcome ? (
        <Box ref={outcomeBox} scrollMarginBottom="4">
          {outcome.saved ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{PORTAL_MESSAGES.additionalInfoSubmitted}</Alert.Title>
            </Alert.Root>
          ) : (
            <ErrorAlert message={outcome.message} />
          )}
        </Box>
      ) : null}
    </Stack>
  );
}

type AnswerFieldsProps = {
  control: Control<AdditionalInfoForm>;
  register: UseFormRegister<AdditionalInfoForm>;
  setValue: UseFormSetValue<AdditionalInfoForm>;
};

/**
 * The form's sections and their forty fields, most of the form's work as it renders. Apart, and each field reading
 * its own error (useFormState), they render again only where an error changes, not each time the form around them
 * does: once as it first shows (the form library marks itself ready), and as it is sent.
 */
const AnswerFields = memo(function AnswerFields({ control, register, setValue }: AnswerFieldsProps) {
  const moneyBlur = (name: keyof AdditionalInfoForm) => (event: { target: { value: string } }) =>
    setValue(name, formatMoneyInput(event.target.value), { shouldDirty: true });
  return additionalInfoSections.map((section) => (
    <Box key={section.id} as="fieldset" borderWidth="1px" borderRadius="md" p="5" minW="0">
      <Heading as="legend" size="md" px="1">
        {section.title}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="2">
        {section.fields.map((field) => (
          <Box key={field.name} gridColumn={field.kind === 'textarea' ? { md: 'span 2' } : undefined}>
            <InfoField field={field} control={control} register={register} onMoneyBlur={moneyBlur(field.name)} />
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  ));
});

type KeepsDraftProps = {
  control: Control<AdditionalInfoForm>;
  /** What the server holds: answers no different (nothing stored: no different from the empty form) are no draft. */
  savedValues: AdditionalInfoForm | undefined;
  userId: string;
  applicationId: string;
};

/**
 * Keeps what is typed (not yet submitted) in the browser. A component of its own, rendering nothing, because it
 * watches every answer: a keystroke re-renders it alone, rather than the whole form and its forty fields (on a
 * phone, a long task for each key).
 */
function KeepsDraft({ control, savedValues, userId, applicationId }: KeepsDraftProps) {
  const values = useWatch({ control });
  useEffect(() => {
    const current = values as AdditionalInfoForm;
    if (differsFrom(current, savedValues ?? emptyAdditionalInfoForm)) saveDraft(userId, applicationId, current);
    else clearDraft(userId, applicationId);
  }, [values, savedValues, userId, applicationId]);
  return null;
}

type InfoFieldProps = {
  field: AdditionalInfoFieldSpec;
  control: Control<AdditionalInfoForm>;
  register: UseFormRegister<AdditionalInfoForm>;
  onMoneyBlur: (event: { target: { value: string } }) => void;
};

function InfoField({ field, control, register, onMoneyBlur }: InfoFieldProps) {
  const registered = register(field.name);
  const error = useFormState({ control, name: field.name, exact: true }).errors[field.name]?.message;
  const input = (() => {
    switch (field.kind) {
      case 'textarea':
        return <Textarea rows={field.rows} {...registered} />;
      case 'select':
        return <SelectInput options={field.options} placeholder="Select an option" {...registered} />;
      case 'money':
        return (
          <Input
            type="text"
            inputMode="decimal"
            placeholder="$0"
            {...registered}
            onBlur={(event) => {
              void registered.onBlur(event);
              onMoneyBlur(event);
            }}
          />
        );
      case 'number':
        return <Input type="number" inputMode="decimal" min={0} max={100} step="any" {...registered} />;
      default:
        return <Input type={field.kind} {...registered} />;
    }
  })();
  return (
    <FormField label={field.label} required={field.required} error={error}>
      {input}
    </FormField>
  );
}
