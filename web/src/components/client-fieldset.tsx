import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { takeAppStartTarget } from '../lib/app-start-target.ts';
import { focusLeftOnPage } from '../lib/use-focus-on-appearing.ts';
import { useIsClient } from '../lib/use-is-client.ts';

/**
 * The controls of a form on a page prerendered at build time: disabled until the app runs, so that
 * nothing typed before then is lost when the app takes over the page. On a form page whose app starts at the
 * visitor's first input, the control they pressed to start it gets the focus once they are enabled (unless the
 * focus has gone elsewhere meanwhile: into the form or out of the landmark around it).
 */
export function ClientFieldset(props: HTMLChakraProps<'fieldset'>) {
  const isClient = useIsClient();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!isClient || !fieldset.current) return;
    const pressed = takeAppStartTarget(fieldset.current);
    // Where the press left it: on the page, or on the landmark around the form (a tap focuses <main>).
    if (pressed && focusLeftOnPage(fieldset.current)) pressed.focus();
  }, [isClient]);
  return <chakra.fieldset ref={fieldset} disabled={!isClient} minW="0" {...props} />;
}
