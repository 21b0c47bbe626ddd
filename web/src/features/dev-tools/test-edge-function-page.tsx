import { Box, Button, Container, Flex, Heading, Input, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { NEXT_STEPS } from '../../../../shared/evaluation/evaluate.ts';
import type { SendEmailsPayload } from '../../../../shared/validation/notifications.ts';
import { FormField } from '../../components/form-controls.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { useSendTestEmailsMutation } from './dev-tools-api.ts';
import { isTestPageEnabled } from './test-page-access.ts';

/**
 * The evaluation the test page sends: the described shape (docs/product.md §3, Evaluation result; no per-criterion
 * detail), a qualified result.
 */
const sampleEvaluation: SendEmailsPayload['evaluation'] = {
  qualified: true,
  reasons: [],
  suggestedNextSteps: [NEXT_STEPS.scheduleConsultation, NEXT_STEPS.prepareDocumentation, NEXT_STEPS.reviewTerms],
};

const fields = [
  { name: 'applicantEmail', label: 'Applicant Email', type: 'email' },
  { name: 'businessName', label: 'Business Name', type: 'text' },
  { name: 'firstName', label: 'First Name', type: 'text' },
  { name: 'lastName', label: 'Last Name', type: 'text' },
] as const;

type Identity = Record<(typeof fields)[number]['name'], string>;

function ResponseDisplay({ state }: { state: ReturnType<typeof useSendTestEmailsMutation>[1] }) {
  if (state.isLoading) return <Text>Sending request...</Text>;
  if (state.isError) return <Text color="red.700">{`Error: ${state.error?.message ?? ''}`}</Text>;
  if (state.isSuccess) {
    return (
      <Box as="pre" fontFamily="mono" textStyle="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">
        {JSON.stringify(state.data, null, 2)}
      </Box>
    );
  }
  return <Text color="gray.600">No response yet</Text>;
}

function TestForm() {
  const [values, setValues] = useState<Identity>({ applicantEmail: '', businessName: '', firstName: '', lastName: '' });
  const [send, state] = useSendTestEmailsMutation();

  // The browser checks the fields (all required, the e-mail typed as email) before this runs.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send({ ...values, evaluation: sampleEvaluation });
  };

  return (
    <Stack gap="8">
      <form onSubmit={onSubmit}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {fields.map((field) => (
            <FormField key={field.name} label={field.label} required>
              <Input
                type={field.type}
                name={field.name}
                value={values[field.name]}
                onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
              />
            </FormField>
          ))}
        </SimpleGrid>
        <Button type="submit" colorPalette="blue" mt="6" loading={state.isLoading} loadingText="Sending...">
          Send Test Emails
        </Button>
      </form>
      <Box as="section" aria-labelledby="response-title" borderWidth="1px" borderRadius="lg" p="5" bg="gray.50">
        <Heading as="h2" id="response-title" size="md" mb="3">
          Response
        </Heading>
        <Box aria-live="polite">
          <ResponseDisplay state={state} />
        </Box>
      </Box>
    </Stack>
  );
}

/**
 * The developer test page (docs/product.md §2, Developer test page): sends the notification e-mails for a sample
 * applicant.
 */
export function TestEdgeFunctionPage() {
  const [enabled, setEnabled] = useState<boolean>();
  useEffect(() => {
    let live = true;
    void isTestPageEnabled().then((value) => {
      if (live) setEnabled(value);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <PageMeta
        title="Test Edge Function"
        description="Developer page: sends the notification e-mails for a sample applicant."
      />
      <Container maxW="3xl" py={{ base: '8', md: '12' }}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="2">
          Test Edge Function
        </Heading>
        {enabled === undefined ? (
          <Flex justify="center" py="10">
            <Spinner size="lg" aria-label="Loading" />
          </Flex>
        ) : enabled ? (
          <>
            <Text color="gray.700" mb="8">
              Sends the send-emails function a request for the applicant below, with a sample qualified evaluation, and
              shows its raw response.
            </Text>
            <TestForm />
          </>
        ) : (
          <Text color="gray.700">This developer page is turned off in this build.</Text>
        )}
      </Container>
    </>
  );
}
