import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from './system';
import { Toaster } from './toaster';
import { useBusNotices } from './use-bus-notices';

/** The root of every BariDesk React tree (the shell, and each remote when run alone): theme + notices. */
export function UiProvider({ children }: { children: ReactNode }) {
  useBusNotices();
  return (
    <ChakraProvider value={system}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
