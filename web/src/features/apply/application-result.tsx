import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { brand, CONSULTATION_MINUTES, telHref } from '../../../../shared/brand/brand.ts';
import type { EvaluationResult } from '../../../../shared/evaluation/evaluate.ts';
import { CheckList } from '../../components/check-list.tsx';
import { SchedulingButton } from '../../components/new-tab-links.tsx';
import { useAuth } from '../../lib/auth-state.ts';
import type { SignUpInvitation } from '../../lib/route-access.ts';

/** The qualified screen's What to Expect list (docs/product.md §2, Pre-qualification form). */
const whatToExpect = (signedIn: boolean) => [
  signedIn
    ? 'A secure upload portal: send tax returns, financial statements and bank statements from your portal, safely in one place.'
    : 'A secure upload portal: create your account to send tax returns, financial statements and bank statements safely in one place.',
  `A ${CONSULTATION_MINUTES}-minute consultation with one of our loan experts, by phone or video.`,
  'A review of your business needs and your financing options, including the lenders in our network that fit.',
  'A clear list of the documentation lenders will require, so you can prepare it early.',
  'A realistic timeline from consultation to funding, with each step explained.',
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '6' }}>
      <Heading as="h2" id={id} size="lg" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/**
 * The result heading (docs/product.md §2, Pre-qualification form), focused when the screen appears so that keyboard
 * and screen-reader users land on it.
 */
function ResultHeading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Heading as="h1" ref={heading} tabIndex={-1} size={{ base: '2xl', md: '3xl' }} outline="none">
      {children}
    </Heading>
  );
}

function Qualified({ evaluation, email }: { evaluation: EvaluationResult; email: string }) {
  // Someone already signed in has an account: the application is in their portal.
  const signedIn = useAuth().status === 'signed-in';
  return (
    <>
      <Stack gap="3" textAlign="center" align="center">
        <ResultHeading>Congratulations! You Pre-Qualify</ResultHeading>
        <Text fontSize="lg" color="gray.700">
          Based on your answers, your business meets our lending partners&apos; initial criteria.{' '}
          {signedIn
            ? 'Your application is in your client portal: upload your documents there, then book your free consultation.'
            : 'Create your account to upload your documents, then book your free consultation.'}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="2">
          <Button asChild colorPalette="blue" size="lg">
            {signedIn ? (
              <RouterLink to="/portal">Go to Your Portal</RouterLink>
            ) : (
              // The sign-up form starts with the application's e-mail: an account with that address finds it.
              <RouterLink to="/portal/login?mode=signup" state={{ email } satisfies SignUpInvitation}>
                Create Your Account
              </RouterLink>
            )}
          </Button>
          <SchedulingButton variant="outline" size="lg">
            Schedule Your Consultation
          </SchedulingButton>
        </Stack>
        <Text textStyle="sm" color="gray.600">
          The scheduling page opens in a new tab.
        </Text>
      </Stack>
      <Section id="next-steps-title" title="Next Steps">
        <CheckList items={evaluation.suggestedNextSteps} />
      </Section>
      <Section id="what-to-expect-title" title="What to Expect">
        <CheckList items={whatToExpect(signedIn)} />
      </Section>
    </>
  );
}

/** The criteria the applicant did not meet, each with what to improve; the plain reasons when there is no detail. */
function AreasToAddress({ evaluation }: { evaluation: EvaluationResult }) {
  const unmet = evaluation.criteria.filter((criterion) => !criterion.passed);
  if (unmet.length === 0) return <CheckList items={evaluation.reasons} />;
  return (
    <Stack as="ul" gap="4" listStyleType="none">
      {unmet.map((criterion) => (
        <Box as="li" key={criterion.id} borderLeftWidth="4px" borderColor="orange.400" ps="4">
          <Heading as="h3" size="sm">
            {criterion.label}
          </Heading>
          <Text mt="1" color="gray.700">
            {criterion.reason}
          </Text>
          <Text mt="1" color="gray.700">
            <Text as="span" fontWeight="semibold">
              What to improve:
            </Text>{' '}
            {criterion.improvement}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

function NotQualified({ evaluation }: { evaluation: EvaluationResult }) {
  return (
    <>
      <Stack gap="3" textAlign="center" align="center">
        <ResultHeading>Thank You for Your Application</ResultHeading>
        <Text fontSize="lg" color="gray.700">
          Your business does not meet all of our lending partners&apos; criteria yet. Here is what to work on; our team
          is glad to talk it through with you.
        </Text>
      </Stack>
      <Section id="areas-title" title="Areas to Address">
        <AreasToAddress evaluation={evaluation} />
      </Section>
      <Section id="next-steps-title" title="Next Steps">
        <CheckList items={evaluation.suggestedNextSteps} />
      </Section>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
        <Button asChild colorPalette="blue">
          <a href={telHref(brand.contactPhone)}>Call {brand.contactPhone}</a>
        </Button>
        <Button asChild variant="outline" colorPalette="blue">
          <a href={`mailto:${brand.loansEmail}`}>Email {brand.loansEmail}</a>
        </Button>
      </Stack>
    </>
  );
}

/**
 * The screen after a submission (docs/product.md §2, Pre-qualification form): qualified or not, both ending with Start
 * Another Application and Return to Homepage. Another application loads /apply as a whole new page (nothing of the
 * sent form stays in the page's state), a new history entry with an empty form: the result stays behind it for Back.
 */
export function ApplicationResult({ evaluation, email }: { evaluation: EvaluationResult; email: string }) {
  return (
    <Stack gap="8">
      {evaluation.qualified ? (
        <Qualified evaluation={evaluation} email={email} />
      ) : (
        <NotQualified evaluation={evaluation} />
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
        <Button asChild variant="ghost" colorPalette="blue">
          <RouterLink to="/apply" reloadDocument>
            Start Another Application
          </RouterLink>
        </Button>
        <Button asChild variant="ghost" colorPalette="blue">
          <RouterLink to="/">Return to Homepage</RouterLink>
        </Button>
      </Stack>
    </Stack>
  );
}
