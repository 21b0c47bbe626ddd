import { Box, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The band at the top of a content page: the page's h1 and a short introduction. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box bg="blue.900" color="white" py={{ base: '12', md: '16' }}>
      <Container maxW="6xl">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }} maxW="3xl">
          {title}
        </Heading>
        {children ? (
          <Text fontSize={{ base: 'lg', md: 'xl' }} mt="4" maxW="3xl" color="blue.100">
            {children}
          </Text>
        ) : null}
      </Container>
    </Box>
  );
}
