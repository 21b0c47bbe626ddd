import { Box, Button, Container, Flex, HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand } from '../../../shared/brand/brand.ts';

export const primaryLinks = [
  { label: 'Calculator', to: '/calculator' },
  { label: 'How It Works', to: '/how-it-works' },
  { label: 'FAQ', to: '/faq' },
  { label: 'About', to: '/about' },
] as const;

/** The top bar of spec section 2 for signed-out visitors. */
export function TopBar() {
  return (
    <Box as="header" borderBottomWidth="1px" bg="white">
      <Container maxW="6xl">
        <Flex as="nav" aria-label="Main" h="16" align="center" justify="space-between" gap="6">
          <Link asChild fontWeight="bold" fontSize="xl" color="blue.900">
            <RouterLink to="/">{brand.productName}</RouterLink>
          </Link>
          <HStack gap="6" display={{ base: 'none', md: 'flex' }}>
            {primaryLinks.map((link) => (
              <Link key={link.to} asChild color="gray.700">
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
          </HStack>
          <HStack gap="3">
            <Button asChild variant="ghost" size="sm">
              <RouterLink to="/portal/login">Client Portal</RouterLink>
            </Button>
            <Button asChild colorPalette="blue" size="sm">
              <RouterLink to="/apply">Apply Now</RouterLink>
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
