import type { ClientConfig } from '@tenantry/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ClientConfigContext } from '#web/lib/config.ts';
import { theme } from './theme.ts';

interface ProvidersProps {
  config: ClientConfig;
  queryClient: QueryClient;
  children: ReactNode;
}

export function Providers({ config, queryClient, children }: ProvidersProps) {
  return (
    <ClientConfigContext.Provider value={config}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="auto">
          <Notifications position="top-center" />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </ClientConfigContext.Provider>
  );
}
