import { Button, Container, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  return (
    <Container maxW="3xl" py="24" textAlign="center">
      <Heading as="h1" size="3xl">
        Page not found
      </Heading>
      <Text mt="4" color="gray.600">
        The page you are looking for does not exist or has moved.
      </Text>
      <Button asChild mt="8" colorPalette="blue">
        <RouterLink to="/">Return to Homepage</RouterLink>
      </Button>
    </Container>
  );
}
