import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SessionProvider } from '../lib/auth-session';
import { getShellSystem } from '../lib/chakra-theme';
import { ColorModeProvider } from '../lib/color-mode';

/** `queryClient` is created at boot (main.tsx), which may ask for a page's data before rendering. */
export function AppProviders({
  initialDark,
  queryClient,
  children,
}: {
  initialDark: boolean;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ChakraProvider value={getShellSystem()}>
      <ColorModeProvider initialDark={initialDark}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
