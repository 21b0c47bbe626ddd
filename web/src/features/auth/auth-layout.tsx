import { Alert, Box, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { brand, telHref } from '../../../../shared/brand/brand.ts';
import { PageMeta } from '../../components/page-meta.tsx';

/** The frame of the account screens: title, a card, and the help block with phone and e-mail. */
export function AuthLayout({
  title,
  description,
  heading,
  children,
}: {
  title: string;
  description: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageMeta title={title} description={description} />
      <meta name="robots" content="noindex" />
      <Container maxW="md" py={{ base: '10', md: '16' }}>
        <Stack gap="6">
          <Box borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '8' }} bg="white">
            <Stack gap="5">
              <Heading as="h1" size="2xl">
                {heading}
              </Heading>
              {children}
            </Stack>
          </Box>
          <Box as="aside" aria-label="Need help?" textAlign="center" color="gray.700">
            <Text fontWeight="semibold">Need help?</Text>
            <Text>
              {/* Coloured and underlined as links, not as the sentence around them. */}
              Call{' '}
              <Link href={telHref(brand.contactPhone)} color="blue.700" textDecoration="underline">
                {brand.contactPhone}
              </Link>{' '}
              or e-mail{' '}
              <Link href={`mailto:${brand.contactEmail}`} color="blue.700" textDecoration="underline">
                {brand.contactEmail}
              </Link>
            </Text>
          </Box>
        </Stack>
      </Container>
    </>
  );
}

/** A message in the account screens: an error (role alert) or a notice (role status). */
export function AuthMessage({
  status,
  children,
  takesFocus = false,
}: {
  status: 'error' | 'success' | 'info';
  children: ReactNode;
  /** Shown in place of the form whose button was pressed: the keyboard's focus goes to it, not to the page. */
  takesFocus?: boolean;
}) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takesFocus) root.current?.focus();
  }, [takesFocus]);
  return (
    <Alert.Root
      ref={root}
      tabIndex={takesFocus ? -1 : undefined}
      outline={takesFocus ? 'none' : undefined}
      status={status}
      role={status === 'error' ? 'alert' : 'status'}
    >
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
