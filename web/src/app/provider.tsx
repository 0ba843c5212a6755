import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '@/components/layout/global-style';
import { Toaster } from '@/components/ui/toaster';
import { appTheme } from '@/config/theme';
import { createQueryClient } from '@/lib/react-query';

/**
 * App-wide providers. Apollo needs no provider: react-query is the one cache, and GraphQL
 * reads go through `getApolloClient()` from lib/apollo inside query functions.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={appTheme}>
        <GlobalStyle />
        {children}
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
