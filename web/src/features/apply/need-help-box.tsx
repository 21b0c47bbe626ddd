import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { brand, telHref } from '../../../../shared/brand/brand.ts';

/**
 * The 'Need Help?' box beside the wizard (docs/product.md §2, Pre-qualification form): a phone link and an e-mail link.
 */
export function NeedHelpBox() {
  return (
    <Box as="aside" aria-labelledby="need-help-title" bg="blue.50" borderRadius="lg" p="5">
      <Heading as="h2" id="need-help-title" size="md" color="blue.900">
        Need Help?
      </Heading>
      <Text mt="2" textStyle="sm" color="gray.700">
        Our loan specialists can answer questions about the form or your options.
      </Text>
      <Stack mt="3" gap="1" textStyle="sm">
        <Text>
          Call{' '}
          <Link href={telHref(brand.contactPhone)} color="blue.700" fontWeight="medium">
            {brand.contactPhone}
          </Link>
        </Text>
        <Text>
          Email{' '}
          <Link href={`mailto:${brand.loansEmail}`} color="blue.700" fontWeight="medium">
            {brand.loansEmail}
          </Link>
        </Text>
        <Text color="gray.600">{brand.businessHours}</Text>
      </Stack>
    </Box>
  );
}
