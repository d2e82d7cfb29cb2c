import { ROUTES, type RouteDef } from '@tenantry/shared';
import { Suspense, lazy } from 'react';
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { CenteredLoader } from '#web/components/CenteredLoader.tsx';
import { useMe } from '#web/features/auth/api/me.ts';
import { readLastSession } from '#web/features/auth/lib/last-session.ts';
import { ShellSkeleton } from './layouts/ShellSkeleton.tsx';
import { RouteScreen } from './route-screen.tsx';
import { mainLayoutFor } from './guards.ts';
import { PageViewTracker, ScrollToTop, SessionRecheck } from './navigation-effects.tsx';
import type { RouteHandle } from './route-handle.ts';
import { RouteErrorPage } from './routes/route-error.tsx';

function Root() {
  return (
    <>
      <ScrollToTop />
      <PageViewTracker />
      <SessionRecheck />
      <Outlet />
    </>
  );
}

// The signed-in shells are chunks of their own (AppShell, menus, navigation), with all of
// Mantine's styles (full-styles.ts; the first paint has only mantine-critical.css): the sign-in,
// sign-up and respondent pages never load them. Each starts loading with the first `main`
// route, while /api/v1/me is asked, not after it answers.
const withFullStyles = <T,>(load: Promise<T>) =>
  Promise.all([import('./full-styles.ts'), load]).then(([, m]) => m);
const loadMainLayout = () => withFullStyles(import('./layouts/MainLayout.tsx'));
const loadSharedTenantLayout = () => withFullStyles(import('./layouts/SharedTenantLayout.tsx'));
const MainLayout = lazy(() => loadMainLayout().then((m) => ({ default: m.MainLayout })));
const SharedTenantLayout = lazy(() =>
  loadSharedTenantLayout().then((m) => ({ default: m.SharedTenantLayout })),
);

/**
 * The `main` layout: the main shell, or the shared-tenant shell for a shared user.
 * A signed-out visitor gets no shell: the route's guard sends them to /signin. Until
 * /api/v1/me answers, a member who was signed in here last time sees the shell's outline
 * (ShellSkeleton), anyone else a loader.
 */
function MainLayoutRoute() {
  const { user, isLoading } = useMe();
  if (isLoading) {
    void loadMainLayout();
    return readLastSession()?.kind === 'member' ? <ShellSkeleton /> : <CenteredLoader />;
  }
  if (!user) return <Outlet />;
  return (
    <Suspense fallback={<CenteredLoader />}>
      {mainLayoutFor(user) === 'shared' ? (
        <SharedTenantLayout user={user}>
          <Outlet />
        </SharedTenantLayout>
      ) : (
        <MainLayout user={user}>
          <Outlet />
        </MainLayout>
      )}
    </Suspense>
  );
}

/** The `bare` layout: no shell, each page is its own centered card. */
function BareLayoutRoute() {
  return (
    <Suspense fallback={<CenteredLoader />}>
      <Outlet />
    </Suspense>
  );
}

function toRouteObject(def: RouteDef): RouteObject {
  const handle: RouteHandle = { screen: def.screen, access: def.access };
  return {
    path: def.path,
    handle,
    element: <RouteScreen access={def.access} screen={def.screen} />,
  };
}

/** The route tree, generated from the shared route table (ROUTES): one route per row. */
export function buildRoutes(routes: readonly RouteDef[] = ROUTES): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          element: <MainLayoutRoute />,
          children: routes.filter((r) => r.layout === 'main').map(toRouteObject),
        },
        {
          element: <BareLayoutRoute />,
          children: routes.filter((r) => r.layout === 'bare').map(toRouteObject),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
