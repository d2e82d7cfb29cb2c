import type { RouteAccess, ScreenName } from '@tenantry/shared';
import { useMatches } from 'react-router';

/** Every screen receives the screen name of its route (one component serves several rows). */
export interface ScreenProps {
  screen: ScreenName;
}

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
