import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { DeferredNotifications } from './deferred-notifications.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** `queryClient`: one already holding what the server put in the page (prerendered pages); otherwise a new one. */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    // The theme's CSS variables are a stylesheet (styles/theme-variables.css, checked against what Mantine would render):
    // rendering them was ~40 ms of a slow phone's main thread at every start (decision 043).
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false} defaultColorScheme="light">
      <DeferredNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
