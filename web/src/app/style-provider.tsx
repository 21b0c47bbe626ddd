import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { appSystem } from './theme.ts';

/** Chakra's styling system: all the home page needs at first paint. */
export function StyleProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={appSystem()}>{children}</ChakraProvider>;
}
