import { Box, Container, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { brand, CONSULTATION_MINUTES } from '../../../../shared/brand/brand.ts';
import { CallToAction } from '../../components/call-to-action.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { claims } from '../../lib/claims.ts';
import { EVALUATION_THRESHOLDS as thresholds } from '../../../../shared/evaluation/evaluate.ts';

const steps = [
  {
    title: 'Quick Match Form',
    time: `Under ${claims.quickFormMinutes} minutes`,
    paragraphs: [
      'Five short sections: about you, your business, its finances, the loan you need, and a review before you send. You can save your progress and come back later on the same device.',
      'We ask for ranges and round figures, not documents. Your credit score is a range you choose yourself, so no credit report is pulled and your score is not affected.',
    ],
    points: [
      'Your name, title and contact details',
      'Business name, location, industry and years in business',
      'Annual revenue, monthly debt payments and current business debt',
      `How much you need, how soon, what it is for, and whether you have a ${thresholds.equityInjectionPercent}% down payment`,
    ],
  },
  {
    title: 'Expert Review',
    time: 'Usually within one business day',
    paragraphs: [
      `A loan specialist reads your answers and compares them with what our lending partners require. Then you talk it through in a free ${CONSULTATION_MINUTES}-minute consultation, by phone or video, at a time you book.`,
      'If something stands in the way, such as a short operating history or a thin down payment, we tell you plainly and explain what would change the answer.',
    ],
    points: [
      'Which loan types fit your purpose: SBA 7(a), a term loan or a line of credit',
      'A realistic amount and term for your cash flow',
      'The documents lenders will ask for, so you can gather them once',
      'A timeline from introduction to funding',
    ],
  },
  {
    title: 'Connect & Fund',
    time: 'Typically 30 to 90 days to funding for SBA loans',
    paragraphs: [
      'With your permission, we introduce you to the lenders in our network most likely to approve your request and share your file with them, so you do not fill in the same forms again.',
      'You upload documents once, in a secure client portal, and we help you answer lender questions until a decision is made. The lender, not us, makes the credit decision and sets the final terms.',
    ],
    points: [
      'Introductions to lenders that finance your industry and loan size',
      'A secure portal for tax returns, statements and ID',
      'Help preparing the formal application the lender requires',
      'Someone to call when you have questions',
    ],
  },
];

const documents = [
  'Business and personal tax returns for the last 3 years',
  'A year-to-date profit and loss statement and balance sheet',
  'Business bank statements for the last 6 months',
  'Your business license',
  'Your lease agreement, if you rent your location',
  'A government-issued photo ID',
];

const lenderChecks = [
  {
    title: 'Credit',
    text: `A personal credit score of about ${thresholds.minimumCreditScore} or higher opens most SBA lenders in our network.`,
  },
  {
    title: 'Cash flow',
    text: `Enough income to cover the new payment: lenders look for a debt coverage ratio of about ${thresholds.minimumDebtCoverageRatio} or better.`,
  },
  {
    title: 'Down payment',
    text: `An equity injection of about ${thresholds.equityInjectionPercent}% of the project, from savings or other sources.`,
  },
  { title: 'Track record', text: 'At least 1 year in business, or strong industry experience for a newer company.' },
];

export function HowItWorksPage() {
  return (
    <>
      <PageMeta
        title="How It Works"
        description={`How ${brand.productName} matches your small business with SBA lenders in three steps: a quick match form, an expert review and consultation, and introductions to lenders that fit.`}
      />
      <PageHeader title="How It Works">
        From a {claims.quickFormMinutes}-minute form to the right lender, with a specialist beside you. Free to
        borrowers, with no impact on your credit score.
      </PageHeader>

      <Container maxW="4xl" py={{ base: '12', md: '16' }}>
        <Stack as="ol" gap="12" listStyleType="none">
          {steps.map((step, index) => (
            <Box as="li" key={step.title}>
              <Text fontSize="sm" fontWeight="semibold" color="blue.700" textTransform="uppercase" letterSpacing="wide">
                Step {index + 1} · {step.time}
              </Text>
              <Heading as="h2" size="2xl" mt="1">
                {step.title}
              </Heading>
              {step.paragraphs.map((paragraph) => (
                <Text key={paragraph} mt="4" color="gray.700" fontSize="lg">
                  {paragraph}
                </Text>
              ))}
              <List.Root mt="4" gap="2" ps="5" color="gray.700">
                {step.points.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
                ))}
              </List.Root>
            </Box>
          ))}
        </Stack>
      </Container>

      <Box as="section" aria-labelledby="lender-checks-title" bg="gray.50" py={{ base: '12', md: '16' }}>
        <Container maxW="6xl">
          <Heading as="h2" id="lender-checks-title" size="2xl">
            What Lenders Look For
          </Heading>
          <Text mt="3" color="gray.700" maxW="3xl">
            Our pre-qualification checks the same four things most SBA lenders check first. Missing one does not end the
            conversation: we will tell you which one and what to do about it.
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="6" mt="8">
            {lenderChecks.map((check) => (
              <Box key={check.title} bg="white" borderWidth="1px" borderRadius="lg" p="6">
                <Heading as="h3" size="md" color="blue.900">
                  {check.title}
                </Heading>
                <Text mt="2" color="gray.700">
                  {check.text}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container as="section" aria-labelledby="documents-title" maxW="4xl" py={{ base: '12', md: '16' }}>
        <Heading as="h2" id="documents-title" size="2xl">
          Documents You Will Need Later
        </Heading>
        <Text mt="3" color="gray.700">
          Nothing is needed for the quick match form. Once you are matched, lenders will ask for these, and you can
          upload them in your client portal:
        </Text>
        <List.Root mt="4" gap="2" ps="5" color="gray.700">
          {documents.map((document) => (
            <List.Item key={document}>{document}</List.Item>
          ))}
        </List.Root>
        <Text mt="6" color="gray.600" fontSize="sm">
          {brand.productName} is not a lender. The quick match form is an initial screening, not the official loan
          application, and pre-qualification is not a loan approval.
        </Text>
      </Container>

      <CallToAction />
    </>
  );
}
