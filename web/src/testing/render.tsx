import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { appTheme } from '@/config/theme';
import { createQueryClient } from '@/lib/react-query';

/**
 * Renders a component inside the providers the app gives it (react-query with the app's
 * defaults, the theme), for component tests in jsdom. Returns the query client so a test can
 * seed the cache instead of answering requests.
 */
export function renderWithProviders(ui: ReactElement, queryClient: QueryClient = createQueryClient()): RenderResult & { queryClient: QueryClient } {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={appTheme}>{ui}</ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
