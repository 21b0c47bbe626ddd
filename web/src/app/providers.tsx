import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { createStore } from './store.ts';
import { system } from './theme.ts';

const store = createStore();

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <ChakraProvider value={system}>{children}</ChakraProvider>
    </ReduxProvider>
  );
}
