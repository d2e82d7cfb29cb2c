import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchSignedInPage } from './prefetch.ts';

/** The paths asked by a prefetch at `pathname`, once the screen's module has loaded. */
async function asked(
  pathname: string,
  last: Parameters<typeof prefetchSignedInPage>[2],
  count: number,
) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    urls.push(new URL(String(input), 'http://localhost').pathname);
    return new Response('null', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  prefetchSignedInPage(new QueryClient(), { pathname, search: '' }, last);
  // The screen's module loads first (a dynamic import), then its queries start.
  await vi.waitFor(() => expect(urls.length).toBeGreaterThanOrEqual(count), { timeout: 15_000 });
  return urls.sort();
}

describe('prefetchSignedInPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a returning member’s /tenant asks /me, the account and the list side by side', async () => {
    expect(await asked('/tenant', { kind: 'member' }, 3)).toEqual([
      '/api/v1/account',
      '/api/v1/me',
      '/api/v1/tenants',
    ]);
  });

  it('a returning shared user asks only who is signed in (member pages send them away)', async () => {
    expect(await asked('/tenant', { kind: 'shared', tenantId: 't1', tenantName: null }, 1)).toEqual(
      ['/api/v1/me'],
    );
  });

  it('asks nothing without a last session, or on a page that needs none', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    prefetchSignedInPage(new QueryClient(), { pathname: '/tenant', search: '' }, null);
    prefetchSignedInPage(
      new QueryClient(),
      { pathname: '/verify-email', search: '' },
      {
        kind: 'member',
      },
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
