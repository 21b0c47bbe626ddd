import { Box, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { brand, CONSULTATION_MINUTES, telHref } from '../../../../shared/brand/brand.ts';
import { CallToAction } from '../../components/call-to-action.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { claims } from '../../lib/claims.ts';
import { EVALUATION_THRESHOLDS as thresholds } from '../../../../shared/evaluation/evaluate.ts';

type Question = { question: string; answer: ReactNode };

const groups: { title: string; questions: Question[] }[] = [
  {
    title: 'About Our Service',
    questions: [
      {
        question: `Is ${brand.productName} a lender?`,
        answer: `No. ${brand.productName} is not a lender and does not make credit decisions. We match small businesses with SBA lenders in our network of ${claims.lendingPartners} lending partners and help you through their process. The lender you choose approves the loan and sets its terms.`,
      },
      {
        question: 'How much does it cost?',
        answer:
          'Nothing. Our service is free to borrowers. Lenders in our network may pay us a fee when a loan we referred closes; that fee never comes out of your loan and never adds to your rate.',
      },
      {
        question: 'Is the quick match form a loan application?',
        answer:
          'No. It is an initial screening that tells us whether, and with which lenders, a loan is likely to work. If you go ahead, the lender will have you complete its own official application.',
      },
      {
        question: 'Which loans can you help with?',
        answer: `SBA 7(a) loans of up to ${claims.sbaMaxAmount} with terms of up to ${claims.sbaMaxTermYears} years, conventional term loans with fixed monthly payments, and revolving lines of credit. Common uses are working capital, equipment, inventory, buying a business, refinancing debt and buying or building owner-occupied real estate.`,
      },
    ],
  },
  {
    title: 'Eligibility',
    questions: [
      {
        question: 'Who can apply?',
        answer:
          'Owners and officers of for-profit businesses operating in the United States, aged 18 or over, with the authority to seek financing for the business. Planned businesses are welcome too, although most SBA lenders prefer at least one year of operating history.',
      },
      {
        question: 'What do lenders look for?',
        answer: `Most SBA lenders in our network look for a personal credit score of about ${thresholds.minimumCreditScore} or higher, cash flow that covers the new payment with room to spare (a debt coverage ratio of about ${thresholds.minimumDebtCoverageRatio}), a down payment of about ${thresholds.equityInjectionPercent}% of the project, and at least a year in business.`,
      },
      {
        question: 'What if I do not pre-qualify?',
        answer:
          'You will see which areas to work on, such as credit, cash flow or down payment, and the next steps we suggest. Many owners come back a few months later and qualify. You can also call us to talk through alternatives.',
      },
      {
        question: 'Can a startup get an SBA loan?',
        answer:
          'Sometimes. Lenders will want strong industry experience, a detailed business plan with realistic projections, good personal credit and a larger down payment, often 10% to 20% or more. Our consultation will tell you how close you are.',
      },
    ],
  },
  {
    title: 'The Process',
    questions: [
      {
        question: 'How long does the quick match form take?',
        answer: `Under ${claims.quickFormMinutes} minutes. You can save it and finish later on the same device.`,
      },
      {
        question: 'Will it affect my credit score?',
        answer:
          'No. We ask you to choose your credit score range; we do not pull your credit report. A lender will check your credit only later, when you decide to apply with them.',
      },
      {
        question: 'What happens after I submit the form?',
        answer: `You see your pre-qualification result right away. A loan specialist then reviews your answers and you can book a free ${CONSULTATION_MINUTES}-minute consultation to discuss your options, the documents you will need and a timeline.`,
      },
      {
        question: 'How long until I receive funds?',
        answer:
          'It depends on the lender and the loan. Lines of credit and smaller term loans can close in a few weeks. SBA 7(a) loans typically take 30 to 90 days from a complete application; real estate purchases take longer because of appraisals and environmental reviews.',
      },
      {
        question: 'Which documents will I need?',
        answer:
          'Usually 3 years of business and personal tax returns, a year-to-date profit and loss statement and balance sheet, 6 months of business bank statements, your business license, your lease if you rent, and a government-issued photo ID. You upload them once in your secure client portal.',
      },
    ],
  },
  {
    title: 'Privacy and Security',
    questions: [
      {
        question: 'Who sees my information?',
        answer:
          'Our loan team, the lenders we introduce you to, and service providers who help us run the service under confidentiality obligations. We do not sell your personal information. See our Privacy Policy for details.',
      },
      {
        question: 'How are my documents protected?',
        answer:
          'Documents go to a private storage area that only you, our team and the lenders you work with can reach. Links to them are temporary, and all traffic is encrypted.',
      },
    ],
  },
];

export function FaqPage() {
  return (
    <>
      <PageMeta
        title="Frequently Asked Questions"
        description={`Answers about ${brand.productName}: costs, eligibility, credit checks, SBA loan timelines, documents and how we protect your information.`}
      />
      <PageHeader title="Frequently Asked Questions">
        Straight answers about how we work, who qualifies and what to expect.
      </PageHeader>
      <Container maxW="4xl" py={{ base: '12', md: '16' }}>
        <Stack gap="12">
          {groups.map((group) => (
            <Box as="section" key={group.title} aria-label={group.title}>
              <Heading as="h2" size="2xl" color="blue.900">
                {group.title}
              </Heading>
              <Stack as="dl" gap="6" mt="6">
                {group.questions.map((item) => (
                  <Box key={item.question} borderBottomWidth="1px" pb="6">
                    <Heading as="dt" size="md">
                      {item.question}
                    </Heading>
                    <Text as="dd" mt="2" color="gray.700">
                      {item.answer}
                    </Text>
                  </Box>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
        <Box mt="12" p="6" borderRadius="lg" bg="gray.50">
          <Heading as="h2" size="lg">
            Still have a question?
          </Heading>
          <Text mt="2" color="gray.700">
            Call us at{' '}
            <Link href={telHref(brand.contactPhone)} color="blue.700">
              {brand.contactPhone}
            </Link>{' '}
            or e-mail{' '}
            <Link href={`mailto:${brand.contactEmail}`} color="blue.700">
              {brand.contactEmail}
            </Link>
            . We are available {brand.businessHours}.
          </Text>
        </Box>
      </Container>
      <CallToAction />
    </>
  );
}
