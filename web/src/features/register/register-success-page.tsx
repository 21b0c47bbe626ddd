import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageMeta } from '../../components/page-meta.tsx';

/** The business name the review passes along (router state survives a reload of this page). */
function businessNameFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('businessName' in state)) return undefined;
  return typeof state.businessName === 'string' && state.businessName !== '' ? state.businessName : undefined;
}

/**
 * Registration success (docs/product.md §2, Registration success): 'Congratulations' with the business name, and
 * where to go next.
 */
export function RegisterSuccessPage() {
  const businessName = businessNameFrom(useLocation().state);
  return (
    <>
      <PageMeta title="Registration Complete" description="Your business registration is complete." />
      <Container maxW="2xl" py={{ base: '12', md: '20' }}>
        <Stack gap="5" align="center" textAlign="center">
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            {businessName ? `Congratulations, ${businessName}!` : 'Congratulations!'}
          </Heading>
          <Text fontSize="lg" color="gray.700">
            Your business registration is complete.
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="4">
            <Button asChild colorPalette="blue" size="lg">
              <RouterLink to="/apply">Continue to Loan Application</RouterLink>
            </Button>
            <Button asChild variant="outline" size="lg">
              <RouterLink to="/">Go to Home Screen</RouterLink>
            </Button>
          </Stack>
        </Stack>
      </Container>
    </>
  );
}
