import { matchGuestRoute } from '@tenantry/shared/routes';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { decideAccess, guestPageExit } from '#web/app/guards.ts';
import { analytics, pageViewEvent } from '#web/lib/analytics.ts';
import { Card, Loading } from './components/ui.tsx';
import { VersionBanner } from './components/VersionBanner.tsx';
import type { CurrentUser } from './lib/contract.ts';
import type { CurrentUserState } from './lib/api.ts';
import { SHARE_PARAM } from './lib/contract.ts';
import { navigate, usePlace, type Place } from './lib/navigation.ts';
import { ForgotPasswordScreen } from './screens/ForgotPassword.tsx';
import { InvitationScreen } from './screens/Invitation.tsx';
import { ResetPasswordScreen } from './screens/ResetPassword.tsx';
import { SignInScreen } from './screens/SignIn.tsx';
import { SignUpScreen } from './screens/SignUp.tsx';
import { t } from './messages.ts';

export interface GuestEnv {
  /** GET /api/v1/me, asked once at boot (alongside React's start). */
  me: Promise<CurrentUser | null>;
  /**
   * Whether a guest-only page waits for that answer before it shows its form: when this browser
   * was signed in last time (lib last-session), the visitor is probably still signed in and is
   * sent on; a visitor without one sees the form at once (and is still sent on if signed in).
   */
  waitForMe: boolean;
}

/** The shared sign-in, in the client's language: its own chunk (screens/SharedSignInPage.tsx). */
export const loadSharedSignInPage = () => import('./screens/SharedSignInPage.tsx');
const SharedSignInPage = lazy(loadSharedSignInPage);

/** The guest pages (routes with `entry: 'guest'`): one screen per route, the same guards. */
export function App({ env }: { env: GuestEnv }) {
  const place = usePlace();
  const [me, setMe] = useState<CurrentUserState>('pending');
  useEffect(() => {
    let live = true;
    void env.me.then((user) => live && setMe(user));
    return () => {
      live = false;
    };
  }, [env.me]);

  const match = matchGuestRoute(place.pathname);
  const screen = match?.route.screen;

  // Every navigation records a page_view (the main app's PageViewTracker does the same).
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    if (!screen || lastPath.current === place.pathname) return;
    lastPath.current = place.pathname;
    analytics.track(pageViewEvent(screen, place.pathname, {}));
  }, [screen, place.pathname]);

  // The guard of a guest-only page (app/guards.ts): a signed-in visitor is sent on.
  const exit =
    match?.route.access === 'guest' && me !== 'pending'
      ? decideAccess('guest', me)
      : { kind: 'allow' as const };
  const leaving = exit.kind === 'redirect' ? guestPageExit(exit, place.state, place.search) : null;
  useEffect(() => {
    if (leaving) navigate(leaving, { replace: true });
  }, [leaving]);

  let content;
  if (!match) {
    content = (
      <Card title={t('app.notFound')}>
        <a href="/">{t('app.home')}</a>
      </Card>
    );
  } else if (leaving || (match.route.access === 'guest' && me === 'pending' && env.waitForMe)) {
    content =
      screen === 'sharedSignin' ? (
        <SharedSignInPage
          tenantId={match.params.tenantId ?? ''}
          shareId={new URLSearchParams(place.search).get(SHARE_PARAM)}
          waiting
        />
      ) : (
        <main className="page">
          <Loading>{t('app.loading')}</Loading>
        </main>
      );
  } else {
    content = <Screen place={place} params={match.params} me={me} />;
  }
  return (
    <>
      <VersionBanner />
      <Suspense fallback={null}>{content}</Suspense>
    </>
  );
}

function Screen({
  place,
  params,
  me,
}: {
  place: Place;
  params: Record<string, string>;
  me: CurrentUserState;
}) {
  switch (matchGuestRoute(place.pathname)?.route.screen) {
    case 'signin':
      return <SignInScreen place={place} />;
    case 'signup':
      return <SignUpScreen place={place} />;
    case 'sharedSignin':
      return (
        <SharedSignInPage
          tenantId={params.tenantId ?? ''}
          shareId={new URLSearchParams(place.search).get(SHARE_PARAM)}
        />
      );
    case 'forgotPassword':
      return <ForgotPasswordScreen />;
    case 'resetPassword':
      return <ResetPasswordScreen place={place} />;
    case 'invitation':
      return <InvitationScreen key={params.token} token={params.token ?? ''} me={me} />;
    default:
      return null;
  }
}
