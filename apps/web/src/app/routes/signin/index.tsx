import { SCREEN_TITLES } from '@tenantry/shared';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { SignInForm } from '#web/features/auth/components/SignInForm.tsx';
import { SignUpCodeForm } from '#web/features/auth/components/SignUpCodeForm.tsx';
import { requestSignUpCode } from '#web/features/auth/api/request-sign-up-code.ts';
import { forgetSession, readLastSession } from '#web/features/auth/lib/last-session.ts';
import { nextFromSearch, type SignInState } from '#web/features/auth/lib/next-path.ts';

/** Where to go after signing in: back where the visitor was sent from, `?next=`, else home. */
function destination(state: SignInState | null, search: string): string {
  const next = nextFromSearch(search);
  if (next) return next;
  const from = state?.from;
  if (!from || !from.pathname.startsWith('/') || from.pathname === '/signout') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export default function SignInScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? null) as SignInState | null;
  // A right password for an address not proven yet: a code goes out and is asked for here.
  const [unproven, setUnproven] = useState<string | null>(null);
  const done = () => void navigate(destination(state, location.search), { replace: true });
  // The "you were signed out" notice is said once; a shared session's memory is the shared
  // sign-in page's to use.
  useEffect(() => {
    if (readLastSession()?.kind === 'member') forgetSession();
  }, []);
  return (
    <AuthCard
      title={SCREEN_TITLES.signin}
      description="Welcome back. Sign in to your Tenantry account."
      footer={
        <Text size="sm">
          New to Tenantry?{' '}
          <Anchor component={Link} to={`/signup${location.search}`}>
            Create an account
          </Anchor>
        </Text>
      }
    >
      {state?.ended ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          role="status"
          title="You were signed out"
        >
          Your session ended: it was signed out from another device, your password was changed, or
          it expired. Sign in again to continue.
        </Alert>
      ) : null}
      {state?.notice ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} aria-hidden />}
          role="status"
        >
          {state.notice}
        </Alert>
      ) : null}
      {unproven ? (
        <SignUpCodeForm email={unproven} onDone={done} />
      ) : (
        <SignInForm
          onSignedIn={done}
          onUnproven={(email) => {
            setUnproven(email);
            void requestSignUpCode(email).catch(() => undefined);
          }}
        />
      )}
      <Group justify="flex-end">
        <Anchor component={Link} to="/forgot-password" size="sm">
          Forgot password?
        </Anchor>
      </Group>
    </AuthCard>
  );
}
