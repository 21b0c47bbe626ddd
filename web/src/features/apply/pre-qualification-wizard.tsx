import { Button, chakra, Flex, Heading, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { memo, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  useForm,
  type FieldErrors,
  type Resolver,
  type UseFormGetValues,
  type UseFormSubscribe,
} from 'react-hook-form';
import type { PreQualificationForm } from '../../../../shared/catalogue/pre-qualification.ts';
import {
  wizardStepIndex,
  wizardSteps,
  wizardStepFields,
  type WizardStepId,
} from '../../../../shared/catalogue/wizard.ts';
import { APPLICATION_MESSAGES, submissionErrorMessage } from '../../../../shared/messages/application.ts';
import { normalizeEmail } from '../../../../shared/validation/email.ts';
import { fieldErrors } from '../../../../shared/validation/field-errors.ts';
import { canMoveToStep, preQualificationSchema, validSteps } from '../../../../shared/validation/pre-qualification.ts';
import { useSubmitPreQualificationMutation } from './apply-api.ts';
import { ReviewStep } from './review-step.tsx';
import {
  autoSaveApplication,
  clearSavedApplication,
  freshApplication,
  saveApplication,
  storedApplication,
  type SavedApplication,
} from './saved-application.ts';
import { ClientFieldset } from '../../components/client-fieldset.tsx';
import { useIsClient } from '../../lib/use-is-client.ts';
import { StepIndicator } from './step-indicator.tsx';
import { WizardField } from './wizard-field.tsx';
import { useFocusBackAfterBusy } from '../../lib/use-busy.ts';
import {
  depthOfEntry,
  formOfEntry,
  rememberSubmittedForm,
  stepOfEntry,
  type SubmittedApplication,
  type WizardEntry,
} from './wizard-history.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';

/** react-hook-form checks fields with the shared schema, so every message is the product's (docs/product.md §5). */
const resolver: Resolver<PreQualificationForm> = (values) => {
  const messages = Object.entries(fieldErrors(preQualificationSchema, values));
  if (messages.length === 0) return { values, errors: {} };
  const errors: FieldErrors<PreQualificationForm> = Object.fromEntries(
    messages.map(([field, message]) => [field, { type: 'validate', message }]),
  );
  return { values: {}, errors };
};

/**
 * Why the number typed for texts cannot take them, if it cannot (docs/product.md §12): asked of the phone library,
 * loaded only when texts are wanted, as the Personal step is left or the form sent (it is too large for the form's
 * first load). A blank number is the schema's to report. If the library cannot be loaded (the site was updated
 * meanwhile, the connection dropped), the form goes on: the server keeps a number it cannot read without texts.
 */
async function textNumberProblem({ receiveSms, phone }: PreQualificationForm): Promise<string | undefined> {
  if (!receiveSms || phone.trim() === '') return undefined;
  try {
    const { normalizeUsMobile } = await import('../../../../shared/sms/phone-number.ts');
    const read = normalizeUsMobile(phone);
    return read.ok ? undefined : read.message;
  } catch (error) {
    console.error('The phone library could not be loaded', error);
    return undefined;
  }
}

type WizardProps = { onSubmitted: (submitted: SubmittedApplication) => void };

/**
 * The five-step pre-qualification wizard (docs/product.md §2, §4 and §5). Fields are validated as they change; moving
 * forward (Next or a step button) needs the current step to be valid and otherwise shows its errors, moving back
 * is free. The form is kept in local storage on every change and step change.
 *
 * The page is prerendered at build time with the form disabled; it comes alive once the app runs, so nothing can
 * be typed into it before it can be saved, and it then starts from the saved copy.
 */
export function PreQualificationWizard({ onSubmitted }: WizardProps) {
  const isClient = useIsClient();
  // Read on the first render in the browser, but used only once the app runs (after hydration), so the
  // hydrated page matches its prerendered HTML.
  const [stored] = useState(storedApplication);
  const restored = isClient ? stored : undefined;
  return (
    <WizardForm
      key={restored ? 'restored' : 'new'}
      saved={restored ?? freshApplication}
      live={isClient}
      onSubmitted={onSubmitted}
    />
  );
}

/**
 * Saves the form in local storage on every change and every step change, once the app runs (not while a
 * prerendered page hydrates). A component of its own, so that the app taking over the page re-renders
 * only this and the fieldset, not every field of the form.
 */
function AutoSave({
  step,
  getValues,
  subscribe,
}: {
  step: WizardStepId;
  getValues: UseFormGetValues<PreQualificationForm>;
  subscribe: UseFormSubscribe<PreQualificationForm>;
}) {
  const active = useIsClient();
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
    if (active) autoSaveApplication({ formData: getValues(), currentStep: step });
  }, [step, getValues, active]);
  useEffect(
    () =>
      active
        ? subscribe({
            formState: { values: true },
            callback: ({ values }) => autoSaveApplication({ formData: values, currentStep: stepRef.current }),
          })
        : undefined,
    [subscribe, active],
  );
  return null;
}

/** The wizard; until the app runs its controls are disabled (ClientFieldset) and nothing is saved. */
const WizardForm = memo(function WizardForm({
  saved,
  live,
  onSubmitted,
}: WizardProps & { saved: SavedApplication; live: boolean }) {
  const [step, setStep] = useState<WizardStepId>(saved.currentStep);
  const [submissionProblem, setSubmissionProblem] = useState<string>();
  const [submit, { isLoading: isSubmitting }] = useSubmitPreQualificationMutation();
  // Submit Application is disabled while the application goes: pressed from the keyboard and refused (the server
  // busy, the submission limit), it has the focus again beside the message that says why.
  const { ref: submitButton, pressed } = useFocusBackAfterBusy<HTMLButtonElement>(isSubmitting);
  const { register, control, getValues, trigger, subscribe, formState, setError } = useForm<PreQualificationForm>({
    mode: 'onChange',
    defaultValues: saved.formData,
    resolver,
  });

  // After a step change (not on first render), focus the new step's heading so keyboard users start there.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const index = wizardStepIndex(step);
  const isReview = step === 'REVIEW';

  // Each step shown is an entry of the browser's history (its state names the step), so Back and Forward move
  // between steps as Previous and Next do. Once the app runs (not while a prerendered page hydrates), the entry
  // the wizard starts on names the step it starts on (the restored one; a reload keeps the entry's old state).
  const location = useLocation();
  const navigate = useNavigate();
  const entryStep = stepOfEntry(location.state);
  // Which form this is: the one the entry names (a reload, Back or Forward), else a new one.
  // (Not crypto.randomUUID, which a page served over plain HTTP on a local network does not have.)
  const [form] = useState(
    () => formOfEntry(location.state) ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
  );
  useEffect(() => {
    if (live && (entryStep !== step || formOfEntry(location.state) !== form)) {
      const entry: WizardEntry = { wizardStep: step, wizardDepth: depthOfEntry(location.state), wizardForm: form };
      void navigate(location, { replace: true, state: entry });
    }
  }, [live]); // eslint-disable-line react-hooks/exhaustive-deps -- only the entry the wizard starts on

  // Back or Forward showed another entry: its step, if the form may go there (forward needs the step shown to
  // be valid, as Next does). If not, the step stays, its errors show, and the history goes back to the entry
  // before (Forward can then be tried again; after a jump of several entries, each refused one steps back).
  // The router commits entries in a transition: a Back pressed before the entry Next added was drawn leaves the
  // router's entry as it was, so each Back or Forward (popstate) also has the step checked against the entry.
  const [seenEntry, setSeenEntry] = useState(location.key);
  const [refusedEntry, setRefusedEntry] = useState<string>();
  const [historyMoves, setHistoryMoves] = useState(0);
  const [seenMoves, setSeenMoves] = useState(0);
  useEffect(() => {
    const moved = () => setHistoryMoves((count) => count + 1);
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  if (location.key !== seenEntry || historyMoves !== seenMoves) {
    setSeenEntry(location.key);
    setSeenMoves(historyMoves);
    if (live && entryStep && entryStep !== step) {
      if (canMoveToStep(step, entryStep, getValues())) {
        setSubmissionProblem(undefined);
        setStep(entryStep);
      } else {
        setRefusedEntry(location.key);
      }
    }
  }
  useEffect(() => {
    if (!refusedEntry) return;
    void navigate(-1);
    void trigger(wizardStepFields(step), { shouldFocus: true });
  }, [refusedEntry]); // eslint-disable-line react-hooks/exhaustive-deps -- once per refused entry

  /** Next, Previous or a step button: back freely, forward once the current step is valid (else its errors). */
  const goTo = async (target: WizardStepId) => {
    if (canMoveToStep(step, target, getValues())) {
      if (step === 'PERSONAL' && wizardStepIndex(target) > index && (await refuseTextNumber())) return;
      setSubmissionProblem(undefined);
      setStep(target);
      const entry: WizardEntry = {
        wizardStep: target,
        wizardDepth: depthOfEntry(location.state) + 1,
        wizardForm: form,
      };
      void navigate(location, { state: entry });
      return;
    }
    await trigger(wizardStepFields(step), { shouldFocus: true });
  };

  /** Shows under the number why it cannot take texts, if it cannot; true then. */
  const refuseTextNumber = async () => {
    const problem = await textNumberProblem(getValues());
    if (problem) setError('phone', { type: 'validate', message: problem }, { shouldFocus: true });
    return problem !== undefined;
  };

  const submitApplication = async () => {
    setSubmissionProblem(undefined);
    // The Personal step checked the number when it was left; a form restored from an older save may not have been.
    const numberProblem = await textNumberProblem(getValues());
    if (numberProblem) {
      setSubmissionProblem(`${wizardSteps[0].title}: ${numberProblem}`);
      return;
    }
    const result = await submit(getValues());
    if ('error' in result) {
      setSubmissionProblem(submissionErrorMessage(result.error));
      return;
    }
    const { email } = getValues();
    clearSavedApplication();
    const submitted = { evaluation: result.data, email: normalizeEmail(email) };
    rememberSubmittedForm(form, submitted);
    onSubmitted(submitted);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    void (isReview ? submitApplication() : goTo(wizardSteps[index + 1].id));
  };

  const saveForLater = () => {
    try {
      saveApplication({ formData: getValues(), currentStep: step });
      window.alert(APPLICATION_MESSAGES.savedForLater);
    } catch (error) {
      console.error('Save for Later failed', error);
      window.alert(APPLICATION_MESSAGES.saveFailed);
    }
  };

  return (
    <ClientFieldset display="flex" flexDirection="column" gap="6">
      <AutoSave step={step} getValues={getValues} subscribe={subscribe} />
      <StepIndicator current={step} valid={validSteps(getValues())} onSelect={(target) => void goTo(target)} />
      <chakra.form
        onSubmit={onSubmit}
        noValidate
        borderWidth="1px"
        borderRadius="lg"
        p={{ base: '5', md: '8' }}
        bg="white"
      >
        <Text textStyle="sm" color="gray.600">
          Step {index + 1} of {wizardSteps.length}
        </Text>
        <Heading as="h2" ref={heading} tabIndex={-1} size="xl" mb="6" outline="none">
          {wizardSteps[index].title}
        </Heading>

        {isReview ? (
          <ReviewStep form={getValues()} />
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            {wizardStepFields(step).map((name) => (
              <WizardField
                key={name}
                name={name}
                register={register}
                control={control}
                error={formState.errors[name]?.message}
              />
            ))}
          </SimpleGrid>
        )}

        {submissionProblem ? <ErrorAlert message={submissionProblem} mt="6" /> : null}

        <Flex mt="8" gap="3" wrap="wrap" justify="space-between">
          <Button type="button" variant="outline" onClick={saveForLater}>
            Save for Later
          </Button>
          <Flex gap="3" wrap="wrap">
            {index > 0 ? (
              <Button type="button" variant="outline" onClick={() => void goTo(wizardSteps[index - 1].id)}>
                Previous
              </Button>
            ) : null}
            <Button
              ref={submitButton}
              onClick={pressed}
              type="submit"
              colorPalette="blue"
              loading={isSubmitting}
              loadingText="Submitting..."
              spinner={<Spinner size="sm" aria-hidden="true" />}
            >
              {isReview ? 'Submit Application' : 'Next'}
            </Button>
          </Flex>
        </Flex>
      </chakra.form>
    </ClientFieldset>
  );
});
