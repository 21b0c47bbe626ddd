import { Box, Button, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand, CONSULTATION_MINUTES, telHref } from '../../../../shared/brand/brand.ts';
import { CheckList } from '../../components/check-list.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { PageMeta } from '../../components/page-meta.tsx';

const expectations = [
  `A ${CONSULTATION_MINUTES}-minute consultation with a loan specialist, by phone or video`,
  'A review of your business needs: what the funds are for, how much and how soon',
  'A discussion of your options: SBA 7(a), term loans or a line of credit, and the lenders that fit',
  'Next steps and a timeline: the documents to prepare and how long funding usually takes',
];

/** Booking confirmation (docs/product.md §2, Booking success). */
export function BookingSuccessPage() {
  return (
    <>
      <PageMeta
        title="Application Received"
        description={`Your application was received. Book your free ${CONSULTATION_MINUTES}-minute consultation with a ${brand.productName} loan specialist.`}
      />
      <Container maxW="3xl" py={{ base: '12', md: '20' }}>
        <Stack gap="6" align="center" textAlign="center">
          <Box
            display="flex"
            alignItems="center"
            justifyContent="center"
            boxSize="16"
            borderRadius="full"
            bg="green.100"
            color="green.700"
          >
            <CheckIcon boxSize="8" />
          </Box>
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            Application Received!
          </Heading>
          <Text fontSize="lg" color="gray.700">
            Thank you. The next step is a free {CONSULTATION_MINUTES}-minute call with one of our loan specialists.
            Please schedule your consultation now so we can review your application with you.
          </Text>
          <Button asChild size="lg" colorPalette="blue">
            <a href={brand.schedulingUrl} target="_blank" rel="noopener noreferrer">
              Book Your Call Now
            </a>
          </Button>
          <Text fontSize="sm" color="gray.600">
            The scheduling page opens in a new tab.
          </Text>
        </Stack>

        <Box as="section" aria-labelledby="what-to-expect-title" mt="12" borderWidth="1px" borderRadius="lg" p="6">
          <Heading as="h2" id="what-to-expect-title" size="xl">
            What to Expect
          </Heading>
          <Box mt="4">
            <CheckList items={expectations} />
          </Box>
        </Box>

        <Box as="section" aria-labelledby="questions-title" mt="8" bg="gray.50" borderRadius="lg" p="6">
          <Heading as="h2" id="questions-title" size="lg">
            Questions before your call?
          </Heading>
          <Stack mt="3" gap="1" color="gray.700">
            <Text>
              Call{' '}
              <Link href={telHref(brand.contactPhone)} color="blue.700">
                {brand.contactPhone}
              </Link>
            </Text>
            <Text>
              E-mail{' '}
              <Link href={`mailto:${brand.contactEmail}`} color="blue.700">
                {brand.contactEmail}
              </Link>
            </Text>
            <Text fontSize="sm" color="gray.600">
              {brand.businessHours}
            </Text>
          </Stack>
        </Box>

        <Stack mt="10" align="center">
          <Button asChild variant="outline">
            <RouterLink to="/">Return to Homepage</RouterLink>
          </Button>
        </Stack>
      </Container>
    </>
  );
}
