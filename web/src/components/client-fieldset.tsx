import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { useIsClient } from '../lib/use-is-client.ts';

/**
 * The controls of a form on a page prerendered at build time: disabled until the app runs, so that
 * nothing typed before then is lost when the app takes over the page.
 */
export function ClientFieldset(props: HTMLChakraProps<'fieldset'>) {
  return <chakra.fieldset disabled={!useIsClient()} minW="0" {...props} />;
}
