import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { brand, telHref } from '../../../shared/brand/brand.ts';

const loanOptions = ['SBA 7(a) Loans', 'Term Loans', 'Line of Credit'];
const resources = [
  { label: 'Blog', to: '/blog' },
  { label: 'Business Health Calculator', to: '/calculator' },
  { label: 'How It Works', to: '/how-it-works' },
  { label: 'FAQ', to: '/faq' },
  { label: 'About Us', to: '/about' },
];

function FooterLink({ to, children }: { to: string; children: string }) {
  return (
    <Link asChild color="gray.300" _hover={{ color: 'white' }}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** The site footer (docs/product.md §2, Home): loan options, resources, contact, legal links, disclaimer. */
export function SiteFooter() {
  return (
    <Box as="footer" bg="gray.900" color="gray.300" py="12" mt="16">
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="8">
          <Stack gap="2">
            <Heading as="h2" size="sm" color="white">
              Loan Options
            </Heading>
            {loanOptions.map((label) => (
              <FooterLink key={label} to="/loans">
                {label}
              </FooterLink>
            ))}
          </Stack>
          <Stack gap="2">
            <Heading as="h2" size="sm" color="white">
              Resources
            </Heading>
            {resources.map((item) => (
              <FooterLink key={item.to} to={item.to}>
                {item.label}
              </FooterLink>
            ))}
          </Stack>
          <Stack gap="2">
            <Heading as="h2" size="sm" color="white">
              Contact
            </Heading>
            <Link href={telHref(brand.contactPhone)} color="gray.300">
              {brand.contactPhone}
            </Link>
            <Link href={`mailto:${brand.contactEmail}`} color="gray.300">
              {brand.contactEmail}
            </Link>
            <Link href={`mailto:${brand.loansEmail}`} color="gray.300">
              {brand.loansEmail}
            </Link>
            <Text>{brand.businessHours}</Text>
          </Stack>
          <Stack gap="2">
            <Heading as="h2" size="sm" color="white">
              Legal
            </Heading>
            <FooterLink to="/terms">Terms of Use</FooterLink>
            <FooterLink to="/privacy">Privacy Policy</FooterLink>
          </Stack>
        </SimpleGrid>
        <Text fontSize="sm" mt="10" color="gray.400">
          {brand.productName} is not a lender. We match small businesses with SBA lenders in our partner network.
          Submitting our quick match form is an initial screening, not an official loan application, and does not
          guarantee approval. Our service is free to borrowers; lenders may pay us for successful placements.
        </Text>
      </Container>
    </Box>
  );
}
