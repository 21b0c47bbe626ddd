import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Container, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { registrationFields } from '../../../../shared/catalogue/registration.ts';
import { CheckboxField, FormField, SelectInput } from '../../components/form-controls.tsx';
import { NewTabLink } from '../../components/new-tab-links.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import {
  loadRegistrationDraft,
  primaryContactFields,
  registrationDraftSchema,
  saveRegistrationDraft,
  type RegistrationDraft,
} from './registration-draft.ts';
import { RegistrationSteps } from './registration-steps.tsx';

const fields = registrationFields;

/**
 * Register your business (docs/product.md §2, Register business, step 2 of 3): the primary contact the review shows,
 * then the business overview. What is entered is kept for the review (session storage). `section="business"` is
 * /register/business, the review's second Edit button: the same form, opened at the business fields.
 */
export function RegisterPage({ section = 'contact' }: { section?: 'contact' | 'business' }) {
  const navigate = useNavigate();
  const [draft] = useState(loadRegistrationDraft);
  const {
    register,
    handleSubmit,
    control,
    subscribe,
    setFocus,
    formState: { errors },
  } = useForm<RegistrationDraft>({
    mode: 'onChange',
    defaultValues: draft,
    resolver: zodResolver(registrationDraftSchema),
  });
  const noWebsite = useWatch({ control, name: 'noWebsite' });

  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => saveRegistrationDraft(values) }),
    [subscribe],
  );

  useEffect(() => {
    if (section !== 'business') return;
    // After the layout's scroll-to-top on navigation.
    const frame = requestAnimationFrame(() => setFocus('legalBusinessName'));
    return () => cancelAnimationFrame(frame);
  }, [section, setFocus]);

  const next = handleSubmit((values) => {
    saveRegistrationDraft(values);
    void navigate('/register/review');
  });

  return (
    <>
      <PageMeta
        title="Register Your Business"
        description="Register your business with us: your contact details and your business's legal name, website, address and start date."
      />
      <Container maxW="3xl" py={{ base: '8', md: '12' }}>
        <RegistrationSteps current={2} />
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Register Your Business
        </Heading>
        <Text mt="2" color="gray.700">
          Tell us who to contact and about your business. You can review everything before you submit.
        </Text>

        <form onSubmit={(event) => void next(event)} noValidate>
          <Stack gap="10" mt="8">
            <Box as="section" aria-labelledby="primary-contact-title">
              <Heading as="h2" id="primary-contact-title" size="lg" mb="4">
                Primary Contact
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                {(['contactName', 'contactEmail', 'contactMobile'] as const).map((name) => {
                  const spec = primaryContactFields[name];
                  return (
                    <FormField key={name} label={spec.label} required error={errors[name]?.message}>
                      <Input
                        type={spec.type}
                        autoComplete={spec.autoComplete}
                        placeholder={'placeholder' in spec ? spec.placeholder : undefined}
                        {...register(name)}
                      />
                    </FormField>
                  );
                })}
              </SimpleGrid>
            </Box>

            <Box as="section" aria-labelledby="business-overview-title">
              <Heading as="h2" id="business-overview-title" size="lg" mb="4">
                Business Overview
              </Heading>
              <Stack gap="5">
                <FormField
                  label={fields.legalBusinessName.label}
                  helperText={fields.legalBusinessName.helperText}
                  required
                  error={errors.legalBusinessName?.message}
                >
                  <Input autoComplete="organization" {...register('legalBusinessName')} />
                </FormField>
                <Stack gap="3">
                  <FormField
                    label={fields.websiteUrl.label}
                    required={!noWebsite}
                    disabled={noWebsite}
                    error={errors.websiteUrl?.message}
                  >
                    <Input
                      type="url"
                      autoComplete="url"
                      placeholder={fields.websiteUrl.placeholder}
                      {...register('websiteUrl')}
                    />
                  </FormField>
                  <CheckboxField label={fields.noWebsite.label} {...register('noWebsite', { deps: ['websiteUrl'] })} />
                </Stack>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                  <FormField label={fields.address.label} required error={errors.address?.message}>
                    <Input autoComplete="address-line1" {...register('address')} />
                  </FormField>
                  <FormField label={fields.suite.label} helperText="Optional" error={errors.suite?.message}>
                    <Input autoComplete="address-line2" {...register('suite')} />
                  </FormField>
                  <FormField label={fields.city.label} required error={errors.city?.message}>
                    <Input autoComplete="address-level2" {...register('city')} />
                  </FormField>
                  <FormField label={fields.state.label} required error={errors.state?.message}>
                    <SelectInput
                      options={fields.state.options}
                      placeholder="Select a state"
                      showValues
                      {...register('state')}
                    />
                  </FormField>
                  <FormField label={fields.zipCode.label} required error={errors.zipCode?.message}>
                    <Input inputMode="numeric" autoComplete="postal-code" {...register('zipCode')} />
                  </FormField>
                  <FormField label={fields.businessStartDate.label} required error={errors.businessStartDate?.message}>
                    <Input type="date" {...register('businessStartDate')} />
                  </FormField>
                </SimpleGrid>
                <Box>
                  <CheckboxField
                    label={fields.agreeToTerms.label}
                    error={errors.agreeToTerms?.message}
                    {...register('agreeToTerms')}
                  />
                  <Text textStyle="xs" color="gray.600" mt="1" ms="7">
                    Read the <NewTabLink href="/terms">Terms of Use</NewTabLink> and{' '}
                    <NewTabLink href="/privacy">Privacy Policy</NewTabLink> (open in a new tab).
                  </Text>
                </Box>
              </Stack>
            </Box>
          </Stack>

          <Flex mt="10" gap="3" justify="space-between" wrap="wrap">
            <Button type="button" variant="outline" onClick={() => void navigate(-1)}>
              Back
            </Button>
            <Button type="submit" colorPalette="blue">
              Next: Review Registration
            </Button>
          </Flex>
        </form>
      </Container>
    </>
  );
}

/** /register/business: the registration form opened at its business fields. */
export function RegisterBusinessPage() {
  return <RegisterPage section="business" />;
}
