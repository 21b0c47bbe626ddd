import { Alert, Button, Container, Field, Heading, Input, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { emailError } from '../../../../shared/validation/email.ts';
import { useSubmitApplicationMutation } from './apply-api.ts';

type FormValues = { firstName: string; lastName: string; email: string; businessName: string };

/** The walking skeleton's application form: one real row through supabase-js and RLS. */
export function ApplyPage() {
  const [submit, { isLoading, isSuccess, error }] = useSubmitApplicationMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues>({ mode: 'onChange' });

  const onSubmit = handleSubmit(async (values) => {
    await submit({
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      email: values.email.trim().toLowerCase(),
      business_name: values.businessName.trim(),
    });
  });

  if (isSuccess) {
    return (
      <Container maxW="2xl" py="16">
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>Application received. We will be in touch shortly.</Alert.Title>
        </Alert.Root>
      </Container>
    );
  }

  return (
    <Container maxW="2xl" py="16">
      <Heading as="h1" size="2xl" mb="8">
        Pre-Qualification Form
      </Heading>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <Field.Root invalid={Boolean(errors.firstName)}>
            <Field.Label>First Name</Field.Label>
            <Input {...register('firstName', { required: 'First name is required' })} autoComplete="given-name" />
            <Field.ErrorText>{errors.firstName?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.lastName)}>
            <Field.Label>Last Name</Field.Label>
            <Input {...register('lastName', { required: 'Last name is required' })} autoComplete="family-name" />
            <Field.ErrorText>{errors.lastName?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.email)}>
            <Field.Label>Email</Field.Label>
            <Input
              type="email"
              {...register('email', { validate: (value) => emailError(value) ?? true })}
              autoComplete="email"
            />
            <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.businessName)}>
            <Field.Label>Business Name</Field.Label>
            <Input
              {...register('businessName', { required: 'Business name is required' })}
              autoComplete="organization"
            />
            <Field.ErrorText>{errors.businessName?.message}</Field.ErrorText>
          </Field.Root>
          {error ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>There was an error submitting your application. Please try again.</Alert.Title>
            </Alert.Root>
          ) : null}
          <Button type="submit" colorPalette="blue" loading={isLoading} loadingText="Submitting...">
            Submit Application
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
