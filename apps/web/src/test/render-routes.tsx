import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from './fixtures.ts';
import type { ExtraRoutes } from './render-app.tsx';

/** One request the stubbed API got: its method, path, query and JSON body (if any). */
export interface ApiCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

/**
 * Stubs fetch with the test's answers by `METHOD /path` (anything else answers 404) and
 * records every request.
 */
export function stubApi(routes: ExtraRoutes): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        url,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const handler = routes[`${method} ${url.pathname}`];
      if (handler) return handler(init, url);
      return jsonResponse({ error: { code: 'common.not_found', message: 'Not found' } }, 404);
    }),
  );
  return calls;
}

/**
 * Renders a screen's routes in a memory router at `path`, with Mantine and a fresh query
 * client (no app shell: for a feature's screen on its own). Returns the router.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
