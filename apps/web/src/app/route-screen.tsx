import type { RouteAccess, ScreenName } from '@tenantry/shared';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { CenteredLoader } from '#web/components/CenteredLoader.tsx';
import { useMe } from '#web/features/auth/api/me.ts';
import { readLastSession } from '#web/features/auth/lib/last-session.ts';
import type { SignInState } from '#web/features/auth/lib/next-path.ts';
import { decideAccess, guestPageExit, secondFactorRedirect } from './guards.ts';
import { SCREENS } from './screens.ts';

function ScreenView({ screen }: { screen: ScreenName }) {
  const Screen = SCREENS[screen];
  return (
    <Suspense fallback={<CenteredLoader />}>
      <Screen screen={screen} />
    </Suspense>
  );
}

/** A route that needs to know who is signed in: renders the guard's decision. */
function GuardedScreen({ access, screen }: { access: RouteAccess; screen: ScreenName }) {
  const { user, isLoading } = useMe();
  const location = useLocation();
  if (isLoading) return <CenteredLoader />;
  // Only read when signed out: why the session ended decides where the visitor goes.
  const last = user ? null : readLastSession();
  const decision = decideAccess(access, user, last);
  switch (decision.kind) {
    case 'allow': {
      const enrol = access === 'auth' ? secondFactorRedirect(user, location.pathname) : null;
      if (enrol) return <Navigate to={enrol} replace />;
      return <ScreenView screen={screen} />;
    }
    case 'notFound':
      return <ScreenView screen="notFound" />;
    case 'redirect': {
      // A guest page left because the visitor just signed in: where they were headed.
      if (access === 'guest')
        return (
          <Navigate
            to={guestPageExit(decision, location.state as SignInState | null, location.search)}
            replace
          />
        );
      const remember = decision.rememberFrom && location.pathname !== '/signout';
      const state: SignInState | undefined = remember
        ? {
            from: { pathname: location.pathname, search: location.search, hash: location.hash },
            // Signed in here before and never signed out: the session ended elsewhere.
            ...(last?.kind === 'member' ? { ended: true } : {}),
          }
        : undefined;
      return <Navigate to={decision.to} replace state={state} />;
    }
  }
}

/** The element of one generated route. Public routes never wait for (or ask) /api/v1/me. */
export function RouteScreen({ access, screen }: { access: RouteAccess; screen: ScreenName }) {
  return access === 'public' ? (
    <ScreenView screen={screen} />
  ) : (
    <GuardedScreen access={access} screen={screen} />
  );
}
