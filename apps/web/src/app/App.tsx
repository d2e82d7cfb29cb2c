import type { ClientConfig } from '@tenantry/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App({ config, queryClient }: { config: ClientConfig; queryClient: QueryClient }) {
  const [router] = useState(createAppRouter);
  return (
    <Providers config={config} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
