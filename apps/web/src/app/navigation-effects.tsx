import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { analytics, pageViewEvent } from '#web/lib/analytics.ts';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';
import { useMatchedRoute } from './route-handle.ts';

/** The page scrolls to the top on every navigation. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Every navigation records a page_view event (path, title = tab else screen name, tab, focus). */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const matched = useMatchedRoute();
  // A ref, not state: StrictMode re-runs effects, the same pathname must be recorded once.
  const lastPath = useRef<string | null>(null);
  const screen = matched?.handle.screen;
  const tab = matched?.params.tab;
  const focus = matched?.params.focus;
  useEffect(() => {
    // The match follows the pathname; only a new pathname is a navigation.
    if (!screen || lastPath.current === pathname) return;
    lastPath.current = pathname;
    analytics.track(pageViewEvent(screen, pathname, { tab, focus }));
  }, [pathname, screen, tab, focus]);
  return null;
}

/**
 * A session can end elsewhere (ended from another device, a password change, a revoked share):
 * every navigation of a signed-in visitor asks /api/v1/me again in the background, so the next
 * click after that lands on the sign-in page even when the page's own data is cached.
 */
export function SessionRecheck() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    const first = lastPath.current === null;
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (first || !queryClient.getQueryData(ME_QUERY_KEY)) return;
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY, exact: true });
  }, [pathname, queryClient]);
  return null;
}
