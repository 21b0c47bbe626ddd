import { Box, Button, Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { brand } from '../../../../shared/brand/brand.ts';
import { registrationFields } from '../../../../shared/catalogue/registration.ts';
import { formatLongDate } from '../../../../shared/format/dates.ts';
import { registrationSubmitErrorMessage } from '../../../../shared/messages/registration.ts';
import { DetailList, type DetailRow } from '../../components/detail-list.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { useSubmitRegistrationMutation } from './register-api.ts';
import {
  clearRegistrationDraft,
  isCompleteDraft,
  loadRegistrationDraft,
  primaryContactFields,
  type RegistrationDraft,
} from './registration-draft.ts';
import { RegistrationSteps } from './registration-steps.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

function contactRows(draft: RegistrationDraft): DetailRow[] {
  return [
    { label: primaryContactFields.contactName.label, value: draft.contactName.trim() },
    { label: primaryContactFields.contactEmail.label, value: draft.contactEmail.trim() },
    { label: primaryContactFields.contactMobile.label, value: draft.contactMobile.trim() },
  ];
}

function businessRows(draft: RegistrationDraft): DetailRow[] {
  const street = [draft.address.trim(), draft.suite.trim()].filter(Boolean).join(', ');
  return [
    { label: 'Business Name', value: draft.legalBusinessName.trim() },
    { label: 'Website', value: draft.noWebsite ? 'No website' : draft.websiteUrl.trim() },
    {
      label: registrationFields.address.label,
      value: `${street}\n${draft.city.trim()}, ${draft.state} ${draft.zipCode.trim()}`,
    },
    // A yyyy-mm-dd date is midnight UTC: shown in UTC so that it is the same day everywhere.
    { label: registrationFields.businessStartDate.label, value: formatLongDate(draft.businessStartDate, 'UTC') },
  ];
}

function ReviewSection({ id, title, rows, editTo }: { id: string; title: string; rows: DetailRow[]; editTo: string }) {
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '6' }}>
      <Flex justify="space-between" align="center" mb="4" gap="3">
        <Heading as="h2" id={id} size="lg">
          {title}
        </Heading>
        <Button asChild size="sm" variant="outline" colorPalette="blue">
          <RouterLink to={editTo} aria-label={`Edit ${title}`}>
            Edit
          </RouterLink>
        </Button>
      </Flex>
      <DetailList rows={rows} labelShare={1} />
    </Box>
  );
}

/**
 * 'Add Secondary User': this product stores one contact per registration, so the button explains how to add
 * another person (our team adds them after the registration is in) rather than collecting data it would drop.
 */
function SecondaryUser() {
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button
        type="button"
        variant="outline"
        aria-expanded={open}
        aria-controls="secondary-user-help"
        onClick={() => setOpen(!open)}
      >
        Add Secondary User
      </Button>
      <Box id="secondary-user-help" hidden={!open} mt="3" bg="blue.50" borderRadius="md" p="4" textStyle="sm">
        <Text>
          Want a partner, bookkeeper or manager to have access too? Submit this registration first, then send their
          name, e-mail and mobile number to{' '}
          <Link href={`mailto:${brand.loansEmail}?subject=Secondary%20user`} color="blue.700">
            {brand.loansEmail}
          </Link>{' '}
          or call {brand.contactPhone}, and we will add them to your business.
        </Text>
      </Box>
    </Box>
  );
}

/**
 * Registration review (docs/product.md §2, Registration review, step 3 of 3), showing what was entered
 * (docs/architecture.md, Departure 5).
 */
export function RegisterReviewPage() {
  const navigate = useNavigate();
  const [draft] = useState(loadRegistrationDraft);
  const [submit, { isLoading, error }] = useSubmitRegistrationMutation();

  const onSubmit = async () => {
    const result = await submit(draft);
    if ('error' in result) return;
    clearRegistrationDraft();
    void navigate('/register/success', { state: { businessName: draft.legalBusinessName.trim() } });
  };

  return (
    <>
      <PageMeta title="Review Your Registration" description="Check your business registration before you submit it." />
      <Container maxW="3xl" py={{ base: '8', md: '12' }}>
        <RegistrationSteps current={3} />
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Review Your Registration
        </Heading>
        {isCompleteDraft(draft) ? (
          <Stack gap="6" mt="6">
            <Text color="gray.700">Check your details, edit anything that is not right, then submit.</Text>
            <ReviewSection
              id="primary-contact-title"
              title="Primary Contact"
              rows={contactRows(draft)}
              editTo="/register"
            />
            <ReviewSection
              id="business-overview-title"
              title="Business Overview"
              rows={businessRows(draft)}
              editTo="/register/business"
            />
            <SecondaryUser />
            {error ? <ErrorAlert message={registrationSubmitErrorMessage(error)} /> : null}
            <Flex justify="flex-end">
              <Button
                type="button"
                colorPalette="blue"
                size="lg"
                loading={isLoading}
                loadingText="Submitting..."
                onClick={() => void onSubmit()}
              >
                Submit Registration
              </Button>
            </Flex>
          </Stack>
        ) : (
          <Stack gap="4" mt="6" align="flex-start">
            <Text color="gray.700">There is nothing to review yet: your registration is missing some details.</Text>
            <Button asChild colorPalette="blue">
              <RouterLink to="/register">Go to Registration</RouterLink>
            </Button>
          </Stack>
        )}
      </Container>
    </>
  );
}
