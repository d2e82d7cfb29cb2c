import type { RouteAccess, ScreenName } from '@tenantry/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useMatches } from 'react-router';

/** Every screen receives the screen name of its route (one component serves several rows). */
export interface ScreenProps {
  screen: ScreenName;
}

/**
 * What a screen module may export beside its component, as `prefetch`: starts the screen's first
 * queries (TanStack Query's prefetch, the same keys the screen then reads) before the screen
 * renders (app/prefetch.ts).
 */
export type ScreenPrefetch = (
  queryClient: QueryClient,
  params: Record<string, string>,
  search: string,
) => unknown;

/** Carried on every generated route so the root knows the matched screen. */
export interface RouteHandle {
  screen: ScreenName;
  access: RouteAccess;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'screen' in value && 'access' in value;
}

/** The deepest matched route's handle and params. */
export function useMatchedRoute(): {
  handle: RouteHandle;
  params: Record<string, string | undefined>;
} | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const m = matches[i];
    if (m && isRouteHandle(m.handle)) return { handle: m.handle, params: m.params };
  }
  return null;
}
