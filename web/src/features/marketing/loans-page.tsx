import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../../../../shared/brand/brand.ts';
import { CheckList } from '../../components/check-list.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { claims } from '../../lib/claims.ts';

const loanOptions = [
  {
    id: 'sba-7a',
    title: 'SBA 7(a) Loans',
    summary: `The SBA's most popular program: up to ${claims.sbaMaxAmount}, with terms up to ${claims.sbaMaxTermYears} years.`,
    features: [
      `Borrow up to ${claims.sbaMaxAmount}`,
      `Terms up to ${claims.sbaMaxTermYears} years for real estate, typically up to 10 years for equipment and working capital`,
      'Partly guaranteed by the SBA, so lenders can offer longer terms and lower down payments',
      'Working capital, equipment, inventory, business acquisition, refinancing and owner-occupied real estate',
    ],
    apply: 'Apply for an SBA 7(a) Loan',
  },
  {
    id: 'term-loans',
    title: 'Term Loans',
    summary: 'A lump sum repaid with fixed monthly payments over a set term.',
    features: [
      'Fixed monthly payments you can plan around',
      'Terms usually from 1 to 10 years',
      'Suited to one-time investments: equipment, expansion, renovation or refinancing',
      'Often faster to close than an SBA loan',
    ],
    apply: 'Apply for a Term Loan',
  },
  {
    id: 'line-of-credit',
    title: 'Line of Credit',
    summary: 'Revolving credit you draw on when you need it, paying interest only on the funds you use.',
    features: [
      'Revolving: repay and borrow again up to your limit',
      'Pay interest only on the funds you use',
      'Smooths seasonal swings, payroll timing and slow-paying customers',
      'Renewed periodically by the lender',
    ],
    apply: 'Apply for a Line of Credit',
  },
];

const reasons = [
  {
    title: 'One form, many lenders',
    text: `Your answers reach the right lenders among our ${claims.lendingPartners} partners, instead of one bank at a time.`,
  },
  {
    title: 'Free to borrowers',
    text: 'You pay us nothing. Lenders may pay us when a loan closes, never from your loan.',
  },
  {
    title: 'No credit score impact',
    text: `The quick match form takes under ${claims.quickFormMinutes} minutes and pulls no credit report.`,
  },
  {
    title: `Matched ${claims.faster} faster`,
    text: `Our matching is ${claims.faster} faster than the average search, because you only talk to lenders likely to say yes.`,
  },
  {
    title: 'Experience you can use',
    text: `Since ${claims.servingSince}: ${claims.matches} successful matches and ${claims.facilitated} in funding facilitated.`,
  },
  {
    title: 'Help to the finish',
    text: 'A specialist and a secure document portal, from the first question until the lender decides.',
  },
];

export function LoansPage() {
  return (
    <>
      <PageMeta
        title="Loan Options"
        description={`Compare SBA 7(a) loans up to ${claims.sbaMaxAmount} with terms up to ${claims.sbaMaxTermYears} years, term loans with fixed monthly payments, and revolving lines of credit for your small business.`}
      />
      <PageHeader title="Loan Options">
        Three ways to finance your business. Not sure which fits? The quick match form and a free consultation will tell
        you.
      </PageHeader>

      <Container maxW="6xl" py={{ base: '12', md: '16' }}>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
          {loanOptions.map((option) => (
            <Stack
              as="article"
              key={option.id}
              aria-labelledby={`${option.id}-title`}
              borderWidth="1px"
              borderRadius="lg"
              p="6"
              gap="4"
              bg="white"
            >
              <Heading as="h2" id={`${option.id}-title`} size="xl" color="blue.900">
                {option.title}
              </Heading>
              <Text color="gray.700">{option.summary}</Text>
              <Box flex="1">
                <CheckList items={option.features} />
              </Box>
              <Button asChild colorPalette="blue" variant="outline">
                <RouterLink to="/apply">{option.apply}</RouterLink>
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Box as="section" aria-labelledby="why-choose-title" bg="gray.50" py={{ base: '12', md: '16' }}>
        <Container maxW="6xl">
          <Heading as="h2" id="why-choose-title" size="2xl">
            Why Choose {brand.productName}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6" mt="8">
            {reasons.map((reason) => (
              <Box key={reason.title} bg="white" borderWidth="1px" borderRadius="lg" p="6">
                <Heading as="h3" size="md" color="blue.900">
                  {reason.title}
                </Heading>
                <Text mt="2" color="gray.700">
                  {reason.text}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
          <Stack mt="10" align="center" gap="3" textAlign="center">
            <Button asChild size="lg" colorPalette="blue">
              <RouterLink to="/apply">Apply Now</RouterLink>
            </Button>
            <Text fontSize="sm" color="gray.600" maxW="2xl">
              {brand.productName} is not a lender. Applying starts our quick match form, an initial screening, not the
              official loan application. Rates, terms and approval are set by the lender.
            </Text>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
