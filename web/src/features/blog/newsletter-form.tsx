import { Alert, Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { emailError } from '../../../../shared/validation/email.ts';
import { ClientFieldset } from '../../components/client-fieldset.tsx';
import { useSubscribeToNewsletterMutation } from './blog-api.ts';

export const NEWSLETTER_SUCCESS = 'Thanks for subscribing! New articles will arrive in your inbox.';
export const NEWSLETTER_FAILURE = 'We could not add your address right now. Please try again later.';

/** The blog's newsletter box: validates the address, then stores it through the subscribe_to_newsletter rpc. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [subscribe, { isLoading, isSuccess, isError, reset }] = useSubscribeToNewsletterMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset();
    const problem = emailError(email);
    setFieldError(problem);
    if (problem) return;
    const result = await subscribe(email.trim()); // the rpc lower-cases it
    if ('error' in result) console.error('Newsletter subscription failed', result.error);
    else setEmail('');
  };

  return (
    <Box
      as="section"
      aria-labelledby="newsletter-title"
      bg="blue.900"
      color="white"
      borderRadius="xl"
      p={{ base: '6', md: '10' }}
    >
      <Heading as="h2" id="newsletter-title" size="2xl">
        Get new articles by e-mail
      </Heading>
      <Text mt="2" color="blue.100">
        Practical guides on SBA loans, business planning and real estate, about once a month. Unsubscribe anytime.
      </Text>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <ClientFieldset>
          <Stack direction={{ base: 'column', md: 'row' }} mt="6" gap="3" align={{ base: 'stretch', md: 'flex-start' }}>
            <Field.Root invalid={Boolean(fieldError)} flex="1">
              <Field.Label className="sr-only">Email address</Field.Label>
              <Input
                type="email"
                name="email"
                autoComplete="email"
                placeholder="you@yourbusiness.com"
                bg="white"
                color="gray.900"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <Field.ErrorText color="red.200" fontWeight="semibold">
                {fieldError}
              </Field.ErrorText>
            </Field.Root>
            <Button
              type="submit"
              bg="white"
              color="blue.900"
              _hover={{ bg: 'blue.50' }}
              loading={isLoading}
              loadingText="Subscribing..."
            >
              Subscribe
            </Button>
          </Stack>
        </ClientFieldset>
      </form>
      {/* A live region that is always present, so screen readers announce the result when it appears. */}
      <Box role="status" aria-live="polite" mt={isSuccess || isError ? '4' : '0'}>
        {isSuccess ? (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Title>{NEWSLETTER_SUCCESS}</Alert.Title>
          </Alert.Root>
        ) : null}
        {isError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{NEWSLETTER_FAILURE}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Box>
    </Box>
  );
}
