import type { CurrentUser } from '@tenantry/shared';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '#web/app/providers.tsx';
import { buildRoutes } from '#web/app/router.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { CONFIG, jsonResponse } from './fixtures.ts';

export const MAILBOX = [
  {
    id: 'm1',
    to: 'robin@example.test',
    from: 'Tenantry <no-reply@tenantry.test>',
    replyTo: null,
    subject: 'Reset your password',
    text: 'Choose a new password: http://localhost:3000/reset-password?token=abc',
    html: null,
    createdAt: '2026-03-01T10:00:00.000Z',
  },
];

export interface FetchCall {
  url: string;
  init: RequestInit | undefined;
}

/** A test's own answers, by `METHOD /path` (e.g. `GET /api/v1/account`). */
export type ExtraRoutes = Record<
  string,
  (init: RequestInit | undefined, url: URL) => Response | Promise<Response>
>;

export interface RenderAppOptions {
  /** Answers for endpoints the default mock does not know. */
  routes?: ExtraRoutes;
  /** How /api/v1/me answers a signed-out visitor: today's 401, or the proposed 200 `null`. */
  signedOutMe?: '401' | 'null';
}

/**
 * Renders the real route tree at `path` under StrictMode, with fetch answering /api/v1/me as
 * `user` (null → 401) and accepting analytics batches. Returns the router and every fetch call.
 */
export function renderApp(
  path: string,
  initialUser: CurrentUser | null,
  options: RenderAppOptions = {},
) {
  const session = { user: initialUser, signedInAs: initialUser };
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    const parsed = new URL(url, 'http://localhost');
    const pathname = parsed.pathname;
    const extra = options.routes?.[`${init?.method ?? 'GET'} ${pathname}`];
    if (extra) return extra(init, parsed);
    if (pathname === '/api/auth/sign-in/email') {
      session.user = session.signedInAs;
      return session.user
        ? jsonResponse({ token: 't', user: { id: session.user.uid } })
        : jsonResponse(
            { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
            401,
          );
    }
    if (pathname === '/api/auth/sign-out') {
      session.user = null;
      return jsonResponse({ success: true });
    }
    const user = session.user;
    if (pathname === '/api/v1/me') {
      if (user) return jsonResponse(user);
      return options.signedOutMe === 'null'
        ? jsonResponse(null)
        : jsonResponse(
            { error: { code: 'common.unauthenticated', message: 'Sign in first' } },
            401,
          );
    }
    if (pathname === '/api/v1/system/mailbox' && user?.role === 'systemadmin') {
      return jsonResponse({ messages: MAILBOX });
    }
    if (pathname === '/api/v1/system/info' && (user?.role === 'systemadmin' || user?.isSystemDev)) {
      return jsonResponse({
        profile: 'test',
        database: 'pglite',
        mail: 'mailbox',
        versionTimestamp: 1_700_000_000_000,
      });
    }
    if (pathname === '/api/v1/analytics/events') return new Response(null, { status: 202 });
    if (!user && pathname.startsWith('/api/v1/')) {
      return jsonResponse(
        { error: { code: 'common.unauthenticated', message: 'Sign in first' } },
        401,
      );
    }
    return jsonResponse({ error: { code: 'common.not_found', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <StrictMode>
      <Providers config={CONFIG} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  /** Lets the next sign-in succeed as `user` (the visitor stays signed out until then). */
  const allowSignInAs = (user: CurrentUser) => {
    session.signedInAs = user;
  };
  /** The server stops accepting the session (ended elsewhere, share revoked): 401 from now. */
  const endSession = () => {
    session.user = null;
  };
  return { ...view, router, calls, queryClient, allowSignInAs, endSession };
}

export function analyticsEvents(
  calls: FetchCall[],
): { name: string; path: string; title?: string | null }[] {
  return calls
    .filter((c) => c.url.endsWith('/api/v1/analytics/events'))
    .flatMap(
      (c) =>
        (JSON.parse(c.init?.body as string) as { events: { name: string; path: string }[] }).events,
    );
}
