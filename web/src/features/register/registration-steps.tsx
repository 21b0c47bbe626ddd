import { Box, Flex, Text } from '@chakra-ui/react';
import { REGISTRATION_STEP_COUNT } from '../../../../shared/catalogue/registration.ts';

/** 'Step 2 of 3' (register) or 'Step 3 of 3' (review), docs/product.md §2, with a bar of the steps. */
export function RegistrationSteps({ current }: { current: number }) {
  return (
    <Box mb="6">
      <Text textStyle="sm" fontWeight="medium" color="blue.800">
        Step {current} of {REGISTRATION_STEP_COUNT}
      </Text>
      <Flex gap="2" mt="2" aria-hidden="true">
        {Array.from({ length: REGISTRATION_STEP_COUNT }, (_, index) => (
          <Box key={index} flex="1" h="1.5" borderRadius="full" bg={index < current ? 'blue.600' : 'gray.200'} />
        ))}
      </Flex>
    </Box>
  );
}
