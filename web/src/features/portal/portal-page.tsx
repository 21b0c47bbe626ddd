import { Container, Heading, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '../../components/page-meta.tsx';

/** The client portal (spec section 2, "Client portal"): the applicant's application, documents and information. */
export function PortalPage() {
  return (
    <>
      <PageMeta title="Secure Client Portal" description="Your application, documents and loan information." />
      <meta name="robots" content="noindex" />
      <Container maxW="5xl" py={{ base: '8', md: '12' }}>
        <Stack gap="6">
          <Link asChild color="blue.700" alignSelf="flex-start">
            <RouterLink to="/">Back to Home</RouterLink>
          </Link>
          <Heading as="h1" size="3xl">
            Secure Client Portal
          </Heading>
        </Stack>
      </Container>
    </>
  );
}
