import type { ClientConfig } from '@tenantry/shared';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { ClientConfigContext } from '#web/lib/config.ts';
import { theme } from './theme.ts';

const Notifications = lazy(() =>
  import('./notifications-outlet.tsx').then((m) => ({ default: m.Notifications })),
);

/** Runs `fn` once the browser is idle (after the first paint and the page's own requests). */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1_000);
  return () => window.clearTimeout(id);
}

/**
 * The notifications' outlet, mounted once the page is idle or as soon as a notification is
 * shown, whichever comes first, and kept: it is not part of the first paint.
 */
function DeferredNotifications() {
  const pending = useNotifications().notifications.length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && !pending) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" />
    </Suspense>
  );
}

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
          <DeferredNotifications />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </ClientConfigContext.Provider>
  );
}
