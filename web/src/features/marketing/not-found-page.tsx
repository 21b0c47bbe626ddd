import { Button, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '../../components/page-meta.tsx';

export function NotFoundPage() {
  return (
    <Container maxW="3xl" py="24" textAlign="center">
      <PageMeta title="Page Not Found" description="The page you are looking for does not exist or has moved." />
      <meta name="robots" content="noindex" />
      <Heading as="h1" size="3xl">
        Page not found
      </Heading>
      <Text mt="4" color="gray.600">
        The page you are looking for does not exist or has moved.
      </Text>
      <HStack mt="8" gap="4" justify="center" flexWrap="wrap">
        <Button asChild colorPalette="blue">
          <RouterLink to="/">Return to Homepage</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/faq">Read the FAQ</RouterLink>
        </Button>
      </HStack>
    </Container>
  );
}
