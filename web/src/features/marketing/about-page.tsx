import { Box, Container, Heading, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { brand, telHref } from '../../../../shared/brand/brand.ts';
import { CallToAction } from '../../components/call-to-action.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { claims } from '../../lib/claims.ts';

const services = [
  {
    title: 'Pre-qualification assessment',
    text: 'A quick, no-credit-check look at where your business stands against what lenders require.',
  },
  {
    title: 'Lender matching',
    text: `Introductions to the lenders among our ${claims.lendingPartners} partners that finance your industry, location and loan size.`,
  },
  {
    title: 'Consultation',
    text: 'A loan specialist who explains your options, the likely terms and what to improve before you apply.',
  },
  {
    title: 'Document management and submission help',
    text: 'A secure portal for your documents and help assembling a complete package for the lender.',
  },
];

const values = [
  {
    title: 'Plain answers',
    text: 'If a loan is unlikely, we say so and tell you why. A clear "not yet" saves you months.',
  },
  {
    title: 'Your interest first',
    text: 'We are free to borrowers and we only introduce you to lenders that fit. We never push a loan you do not need.',
  },
  {
    title: 'Care with your data',
    text: 'Your tax returns and statements are shared only with the lenders you work with, and never sold.',
  },
];

export function AboutPage() {
  return (
    <>
      <PageMeta
        title="About Us"
        description={`${brand.productName} has helped US small businesses find SBA financing since ${claims.servingSince}: ${claims.facilitated} facilitated through ${claims.lendingPartners} lending partners, free to borrowers.`}
      />
      <PageHeader title={`About ${brand.productName}`}>
        We help small business owners find the right SBA lender without the runaround. Serving businesses since{' '}
        {claims.servingSince}.
      </PageHeader>

      <Container as="section" aria-labelledby="mission-title" maxW="4xl" py={{ base: '12', md: '16' }}>
        <Heading as="h2" id="mission-title" size="2xl">
          Our Mission
        </Heading>
        <Text mt="4" fontSize="lg" color="gray.700">
          Good businesses are turned down every day, not because they are bad risks but because they asked the wrong
          lender. Banks specialise: one lends to restaurants and medical practices, another to manufacturers, another
          only above a million dollars. Finding the right one on your own takes weeks of phone calls and repeated
          paperwork.
        </Text>
        <Text mt="4" fontSize="lg" color="gray.700">
          {brand.productName} does that search for you. Since {claims.servingSince} we have made {claims.matches}{' '}
          successful matches and helped hundreds of businesses secure {claims.facilitated} in financing, from working
          capital lines to {claims.sbaMaxAmount} SBA 7(a) loans for real estate.
        </Text>
      </Container>

      <Box as="section" aria-labelledby="services-title" bg="gray.50" py={{ base: '12', md: '16' }}>
        <Container maxW="6xl">
          <Heading as="h2" id="services-title" size="2xl">
            What We Do
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" mt="8">
            {services.map((service) => (
              <Box key={service.title} bg="white" borderWidth="1px" borderRadius="lg" p="6">
                <Heading as="h3" size="md" color="blue.900">
                  {service.title}
                </Heading>
                <Text mt="2" color="gray.700">
                  {service.text}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container as="section" aria-labelledby="how-paid-title" maxW="4xl" py={{ base: '12', md: '16' }}>
        <Heading as="h2" id="how-paid-title" size="2xl">
          How We Are Paid
        </Heading>
        <Text mt="4" fontSize="lg" color="gray.700">
          Our service is free to borrowers. When a loan we referred closes, the lender may pay us a placement fee. That
          fee is part of the lender&apos;s own costs: it is not added to your loan, your rate or your closing costs.
        </Text>
        <Text mt="4" fontSize="lg" color="gray.700">
          {brand.productName} is not a lender. We do not make credit decisions, and the quick match form is an initial
          screening, not the official loan application. Approval, rates and terms are always set by the lender.
        </Text>
      </Container>

      <Box as="section" aria-labelledby="values-title" bg="gray.50" py={{ base: '12', md: '16' }}>
        <Container maxW="6xl">
          <Heading as="h2" id="values-title" size="2xl">
            What We Stand For
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" mt="8">
            {values.map((value) => (
              <Box key={value.title} bg="white" borderWidth="1px" borderRadius="lg" p="6">
                <Heading as="h3" size="md" color="blue.900">
                  {value.title}
                </Heading>
                <Text mt="2" color="gray.700">
                  {value.text}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container as="section" aria-labelledby="contact-title" maxW="4xl" py={{ base: '12', md: '16' }}>
        <Heading as="h2" id="contact-title" size="2xl">
          Talk to Us
        </Heading>
        <Stack mt="4" gap="2" color="gray.700" fontSize="lg">
          <Text>
            Phone:{' '}
            <Link href={telHref(brand.contactPhone)} color="blue.700">
              {brand.contactPhone}
            </Link>
          </Text>
          <Text>
            General questions:{' '}
            <Link href={`mailto:${brand.contactEmail}`} color="blue.700">
              {brand.contactEmail}
            </Link>
          </Text>
          <Text>
            Applications and documents:{' '}
            <Link href={`mailto:${brand.loansEmail}`} color="blue.700">
              {brand.loansEmail}
            </Link>
          </Text>
          <Text>Hours: {brand.businessHours}</Text>
        </Stack>
        <List.Root mt="6" gap="1" ps="5" color="gray.600" fontSize="sm">
          <List.Item>Free to borrowers</List.Item>
          <List.Item>No impact on your credit score to get matched</List.Item>
          <List.Item>Serving US small businesses since {claims.servingSince}</List.Item>
        </List.Root>
      </Container>

      <CallToAction />
    </>
  );
}
