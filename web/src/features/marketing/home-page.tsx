import { Box, Button, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';

export function HomePage() {
  return (
    <Box bg="blue.900" color="white" py={{ base: '16', md: '24' }}>
      <Container maxW="6xl">
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} maxW="3xl">
          SBA funding for your small business, matched in minutes
        </Heading>
        <Text fontSize="xl" mt="6" maxW="2xl" color="blue.100">
          Tell us about your business once. We match you with SBA lenders in our partner network, free to borrowers and
          with no impact on your credit score.
        </Text>
        <HStack mt="10" gap="4" flexWrap="wrap">
          <Button asChild size="lg" colorPalette="orange">
            <RouterLink to="/apply">Get Started Now</RouterLink>
          </Button>
          <Button asChild size="lg" variant="outline" color="white">
            <a href="#how-it-works">See How It Works</a>
          </Button>
        </HStack>
      </Container>
    </Box>
  );
}
