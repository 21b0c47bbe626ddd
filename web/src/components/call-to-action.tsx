import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { marketingClaims } from '../../../shared/brand/brand.ts';

/** The closing call to action of the marketing pages: start the quick match form. */
export function CallToAction({
  title = 'Ready to find the right lender for your business?',
  buttonLabel = 'Get Started Now',
}: {
  title?: string;
  buttonLabel?: string;
}) {
  return (
    <Box as="section" aria-labelledby="call-to-action-title" bg="blue.50" py={{ base: '12', md: '16' }}>
      <Container maxW="4xl" textAlign="center">
        <Heading as="h2" id="call-to-action-title" size={{ base: '2xl', md: '3xl' }} color="blue.900">
          {title}
        </Heading>
        <Text mt="4" fontSize="lg" color="gray.700">
          The quick match form takes under {marketingClaims.quickFormMinutes} minutes, has no impact on your credit
          score and is free. It is an initial screening, not a loan application.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="center" mt="8" gap="4">
          <Button asChild size="lg" colorPalette="blue">
            <RouterLink to="/apply">{buttonLabel}</RouterLink>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
