import { Badge, Box, Button, Container, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand, CONSULTATION_MINUTES } from '../../../../shared/brand/brand.ts';
import { CallToAction } from '../../components/call-to-action.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { claims } from '../../lib/claims.ts';
import { ScreenReaderText } from '../../components/screen-reader-text.tsx';

const stats = [
  { value: `Up to ${claims.maxFinancing}`, label: 'in financing for your business' },
  { value: claims.facilitated, label: 'in funding facilitated' },
  { value: claims.matches, label: 'successful matches' },
  { value: claims.lendingPartners, label: 'lending partners' },
  { value: claims.faster, label: 'faster matching than average' },
  { value: `Since ${claims.servingSince}`, label: 'serving small businesses' },
];

const steps = [
  {
    title: 'Quick Match Form',
    text: `Answer a few questions about you, your business, its finances and the funding you need. It takes under ${claims.quickFormMinutes} minutes and does not affect your credit score.`,
  },
  {
    title: 'Expert Review',
    text: `A loan specialist reviews your answers against what our lending partners look for, then walks you through the options in a free ${CONSULTATION_MINUTES}-minute consultation.`,
  },
  {
    title: 'Connect & Fund',
    text: 'We introduce you to the lenders that fit, help you gather and upload the right documents, and stay with you until the lender makes a decision.',
  },
];

const benefits = [
  {
    title: 'Free for Borrowers',
    text: 'You never pay us a fee. Lenders in our network may pay us when a loan closes, so our help costs your business nothing.',
  },
  {
    title: 'No Credit Score Impact',
    text: 'The quick match form is a screening, not a loan application. It does not trigger a hard credit inquiry.',
  },
  {
    title: `${claims.lendingPartners} Lending Partners`,
    text: 'SBA-approved banks, credit unions and specialty lenders. One form reaches the ones that fit your industry, size and loan amount.',
  },
  {
    title: 'Faster Answers',
    text: `Our matching is ${claims.faster} faster than the average search, because you are sent only to lenders likely to say yes.`,
  },
  {
    title: 'Guidance From Specialists',
    text: 'A real person explains SBA 7(a), term loans and lines of credit in plain English and tells you what to fix before you apply.',
  },
  {
    title: 'Secure Document Portal',
    text: 'Upload tax returns, statements and ID once, in a private portal. Only you, our team and the lenders you choose can see them.',
  },
];

const testimonials = [
  {
    quote:
      'We needed working capital for a second location and had been turned down by our own bank. Within two weeks we were talking to two SBA lenders who understood restaurants.',
    name: 'Maria T.',
    business: 'Family restaurant owner, Texas',
  },
  {
    quote:
      'The consultation told me exactly which documents I was missing. When I finally applied, the lender had everything on day one.',
    name: 'James R.',
    business: 'HVAC contractor, Ohio',
  },
  {
    quote:
      'I wanted to buy the building we were renting. They matched me with a lender that does owner-occupied real estate and the whole process felt organized.',
    name: 'Priya S.',
    business: 'Dental practice owner, Arizona',
  },
];

export function HomePage() {
  return (
    <>
      <PageMeta
        fullTitle={`${brand.productName} | SBA Loan Matching for Small Businesses`}
        description={`${brand.productName} matches US small businesses with SBA lenders. Financing up to ${claims.maxFinancing}, free to borrowers, and a quick match form with no impact on your credit score.`}
      />
      <Box as="section" aria-labelledby="hero-title" bg="blue.900" color="white" py={{ base: '16', md: '24' }}>
        <Container maxW="6xl">
          <Heading as="h1" id="hero-title" size={{ base: '3xl', md: '5xl' }} maxW="3xl">
            SBA funding for your small business, matched in minutes
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} mt="6" maxW="2xl" color="blue.100">
            Tell us about your business once. We match you with SBA lenders in our partner network for financing up to{' '}
            {claims.maxFinancing}, free to borrowers and with no impact on your credit score.
          </Text>
          <HStack mt="10" gap="4" flexWrap="wrap">
            <Button asChild size="lg" bg="white" color="blue.900" _hover={{ bg: 'blue.50' }}>
              <RouterLink to="/apply">Get Started Now</RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline" color="white" borderColor="white" _hover={{ bg: 'blue.800' }}>
              <a href="#how-it-works">See How It Works</a>
            </Button>
          </HStack>
          <Text mt="6" fontSize="sm" color="blue.100">
            {brand.productName} is not a lender. The quick match form is an initial screening, not a loan application.
          </Text>
        </Container>
      </Box>

      <Box as="section" aria-label="Our track record" bg="white" borderBottomWidth="1px" py="10">
        <Container maxW="6xl">
          <SimpleGrid as="ul" columns={{ base: 2, md: 3, lg: 6 }} gap="6" listStyleType="none">
            {stats.map((stat) => (
              <Box as="li" key={stat.label} textAlign="center">
                <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" color="blue.900">
                  {stat.value}
                </Text>
                <Text fontSize="sm" color="gray.600">
                  {stat.label}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box
        as="section"
        id="how-it-works"
        aria-labelledby="how-it-works-title"
        py={{ base: '14', md: '20' }}
        scrollMarginTop="4"
      >
        <Container maxW="6xl">
          <Heading as="h2" id="how-it-works-title" size={{ base: '2xl', md: '3xl' }} textAlign="center">
            How It Works
          </Heading>
          <Text mt="3" textAlign="center" color="gray.600" fontSize="lg">
            Three steps from first question to funding.
          </Text>
          <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="8" mt="10" listStyleType="none">
            {steps.map((step, index) => (
              <Box as="li" key={step.title} borderWidth="1px" borderRadius="lg" p="6" bg="white">
                <Text
                  aria-hidden="true"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize="10"
                  borderRadius="full"
                  bg="blue.700"
                  color="white"
                  fontWeight="bold"
                >
                  {index + 1}
                </Text>
                <Heading as="h3" size="lg" mt="4">
                  <ScreenReaderText>Step {index + 1}: </ScreenReaderText>
                  {step.title}
                </Heading>
                <Text mt="2" color="gray.700">
                  {step.text}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
          <Text mt="8" textAlign="center">
            <Link asChild color="blue.700" fontWeight="semibold">
              <RouterLink to="/how-it-works">Read the full process</RouterLink>
            </Link>
          </Text>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="benefits-title" bg="gray.50" py={{ base: '14', md: '20' }}>
        <Container maxW="6xl">
          <Heading as="h2" id="benefits-title" size={{ base: '2xl', md: '3xl' }} textAlign="center">
            Why Business Owners Choose {brand.productName}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6" mt="10">
            {benefits.map((benefit) => (
              <Box key={benefit.title} bg="white" borderWidth="1px" borderRadius="lg" p="6">
                <Heading as="h3" size="md" color="blue.900">
                  {benefit.title}
                </Heading>
                <Text mt="2" color="gray.700">
                  {benefit.text}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="testimonials-title" py={{ base: '14', md: '20' }}>
        <Container maxW="6xl">
          <Heading as="h2" id="testimonials-title" size={{ base: '2xl', md: '3xl' }} textAlign="center">
            What Business Owners Say
          </Heading>
          <Text mt="3" textAlign="center" color="gray.600">
            Sample testimonials: illustrative stories that show the kind of help we give, not statements from named
            clients.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" mt="10">
            {testimonials.map((testimonial) => (
              <Stack as="figure" key={testimonial.name} borderWidth="1px" borderRadius="lg" p="6" gap="4" bg="white">
                <Badge alignSelf="flex-start" colorPalette="gray">
                  Sample
                </Badge>
                <Text as="blockquote" color="gray.800">
                  “{testimonial.quote}”
                </Text>
                <Text as="figcaption" fontSize="sm" color="gray.600">
                  <Text as="span" fontWeight="semibold" color="gray.800">
                    {testimonial.name}
                  </Text>
                  , {testimonial.business}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <CallToAction />
    </>
  );
}
