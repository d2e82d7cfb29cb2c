import type { ClientConfig } from '@tenantry/shared';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { ClientConfigContext } from '#web/lib/config.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const Notifications = lazy(() =>
  import('./notifications-outlet.tsx').then((m) => ({ default: m.Notifications })),
);

/**
 * Runs `fn` once the page has loaded, a moment has passed and the browser is idle: well after
 * the first paint and the page's own requests.
 */
function afterLoadAndIdle(fn: () => void, delayMs = 2_000): () => void {
  let cancelled = false;
  let timer: number | undefined;
  let idle: number | undefined;
  const run = () => {
    timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(() => !cancelled && fn(), { timeout: 5_000 });
      else fn();
    }, delayMs);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * The notifications' outlet, mounted as soon as a notification is shown, or once the page has
 * loaded and is idle (so that it is ready by the first one), and kept: it is not part of the
 * first paint.
 */
function DeferredNotifications() {
  const pending = useNotifications().notifications.length > 0;
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoadAndIdle(() => setReady(true)), []);
  if (!ready && !pending) return null;
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
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="auto"
        >
          <DeferredNotifications />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </ClientConfigContext.Provider>
  );
}
