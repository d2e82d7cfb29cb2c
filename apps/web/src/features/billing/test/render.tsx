import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Answers by `METHOD /path`; anything else is a 404. */
export type Answers = Record<string, (body: unknown) => Response>;

/**
 * Renders `ui` at /admin/billing under a memory router (the outcome routes show their path),
 * with fetch answering from `answers`. Returns the router and every call.
 */
export function renderWithServer(ui: ReactNode, answers: Answers = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const answer = answers[`${method} ${url}`];
      if (answer) return answer(body);
      return jsonResponse({ error: { code: 'common.not_found', message: 'Not found' } }, 404);
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/admin/billing', element: ui },
      { path: '/upgrade-success', element: <p>upgrade-success page</p> },
      { path: '/downgrade-success', element: <p>downgrade-success page</p> },
    ],
    { initialEntries: ['/admin/billing'] },
  );
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, calls, queryClient };
}
