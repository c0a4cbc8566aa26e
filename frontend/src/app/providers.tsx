import { useState } from 'react';
import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '../lib/auth-session';
import { getShellSystem } from '../lib/chakra-theme';
import { ColorModeProvider } from '../lib/color-mode';

export function AppProviders({
  initialDark,
  children,
}: {
  initialDark: boolean;
  children: ReactNode;
}) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
      }),
  );
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
