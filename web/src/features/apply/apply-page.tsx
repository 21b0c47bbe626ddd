import { Box, Container, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { marketingClaims } from '../../../../shared/brand/brand.ts';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { NewTabLink } from '../../components/new-tab-links.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { ApplicationResult } from './application-result.tsx';
import { NeedHelpBox } from './need-help-box.tsx';
import { PreQualificationWizard } from './pre-qualification-wizard.tsx';
import {
  resultAddress,
  resultEntry,
  resultOfEntry,
  useBackLeavesSubmittedWizard,
  type SubmittedApplication,
} from './wizard-history.ts';
import { useIsClient } from '../../lib/use-is-client.ts';

/**
 * Terms of Service and Privacy Policy, opened in a new tab so the form stays as it is (docs/product.md §2,
 * Pre-qualification form).
 */
function LegalLinks() {
  return (
    <Text as="footer" textStyle="sm" color="gray.600" textAlign="center">
      By submitting, you agree to our <NewTabLink href="/terms">Terms of Service</NewTabLink> and{' '}
      <NewTabLink href="/privacy">Privacy Policy</NewTabLink>. Both open in a new tab.
    </Text>
  );
}

/** The pre-qualification form at /apply: the wizard, then the result screen. */
export function ApplyPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [submitted, setSubmitted] = useState<SubmittedApplication>();
  // The result this history entry showed before a reload (read once the app runs: the prerender has none).
  const isClient = useIsClient();
  const kept = useMemo(() => (isClient ? resultOfEntry(location.state) : undefined), [isClient, location.state]);
  const result = useBackLeavesSubmittedWizard(submitted ?? kept, isClient);
  const onSubmitted = useCallback(
    (result: SubmittedApplication) => {
      setSubmitted(result);
      void navigate(resultAddress, { replace: true, state: resultEntry(result) });
    },
    [navigate],
  );

  return (
    <>
      <PageMeta
        fullTitle="Pre-Qualification Form | Apply for Funding"
        description={`Find out in under ${marketingClaims.quickFormMinutes} minutes whether your business pre-qualifies for an SBA loan. Free, with no impact on your credit score.`}
      />
      <Container maxW="6xl" py={{ base: '8', md: '12' }}>
        <Link asChild color="blue.700" fontWeight="medium" mb="6">
          <RouterLink to="/">
            <ArrowLeftIcon boxSize="4" />
            Back to Home
          </RouterLink>
        </Link>
        {result ? (
          <Box maxW="3xl" mx="auto">
            <ApplicationResult evaluation={result.evaluation} email={result.email} />
          </Box>
        ) : (
          <Stack gap="8">
            <Box>
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
                Pre-Qualification Form
              </Heading>
              <Text mt="2" color="gray.700" maxW="3xl">
                Five short steps, under {marketingClaims.quickFormMinutes} minutes, no impact on your credit score. This
                is an initial screening to match you with lenders, not a loan application.
              </Text>
            </Box>
            <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 1fr)' }} gap="8" alignItems="start">
              <PreQualificationWizard onSubmitted={onSubmitted} />
              <NeedHelpBox />
            </Grid>
            <LegalLinks />
          </Stack>
        )}
      </Container>
    </>
  );
}
