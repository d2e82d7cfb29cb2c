import { ROUTES, routePatternToRegExp, type ScreenName } from '@tenantry/shared/routes';
import type { QueryClient } from '@tanstack/react-query';
import { accountQueryOptions } from '#web/features/account/api/get-account.ts';
import { meQueryOptions } from '#web/features/auth/api/me.ts';
import type { LastSession } from '#web/features/auth/lib/last-session.ts';
import type { ScreenPrefetch } from './route-handle.ts';

/**
 * The screens that start their data at boot: a small module each (`routes/<screen>/prefetch.ts`,
 * exporting `prefetch`), so that the requests need not wait for the screen's own chunk.
 */
const SCREEN_MODULES: Partial<Record<ScreenName, () => Promise<{ prefetch?: ScreenPrefetch }>>> = {
  tenantList: () => import('./routes/tenant-list/prefetch.ts'),
};

/** The route a pathname opens (the first row whose pattern matches), with its parameters. */
function matchRoute(pathname: string) {
  for (const route of ROUTES) {
    const re = routePatternToRegExp(route.path);
    if (!re || !new RegExp(re, 'i').test(pathname)) continue;
    const values = pathname.split('/').filter(Boolean);
    const params: Record<string, string> = {};
    route.path
      .split('/')
      .filter(Boolean)
      .forEach((seg, i) => {
        if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(values[i] ?? '');
      });
    return { route, params };
  }
  return null;
}

/**
 * A signed-in page opened cold asks, at once and side by side, who is signed in, the account
 * the header shows and the screen's own first data, instead of one after the other (/me, then
 * the layout and the screen). Only when this browser was signed in last time (`last`): a
 * visitor without a session asks for nothing they would be refused. The guards still decide on
 * /api/v1/me's answer; a prefetch refused (a session that ended) is simply not used.
 */
export function prefetchSignedInPage(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
  last: LastSession | null,
): void {
  if (!last) return;
  const match = matchRoute(location.pathname);
  const access = match?.route.access;
  if (access !== 'auth' && access !== 'auth-shared' && access !== 'systemadmin') return;
  void queryClient.prefetchQuery(meQueryOptions);
  // A shared user is sent away from member pages, and has no account to show.
  if (last.kind !== 'member') return;
  if (match?.route.layout === 'main') void queryClient.prefetchQuery(accountQueryOptions);
  const load = match && SCREEN_MODULES[match.route.screen];
  if (load)
    void load()
      .then((m) => m.prefetch?.(queryClient, match.params, location.search))
      .catch(() => undefined);
}
