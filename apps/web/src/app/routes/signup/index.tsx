import { SCREEN_TITLES } from '@tenantry/shared';
import { Anchor, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { SignUpForm } from '#web/features/auth/components/SignUpForm.tsx';
import { nextFromSearch, type SignInState } from '#web/features/auth/lib/next-path.ts';

export default function SignUpScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  // An invitation link sends `?email=…&next=/invitations/…`: prefill, then return there.
  const params = new URLSearchParams(location.search);
  const next = nextFromSearch(location.search);
  const signInLink = next ? `/signin?next=${encodeURIComponent(next)}` : '/signin';
  return (
    <AuthCard
      title={SCREEN_TITLES.signup}
      description="Start assessing your client tenants. You become the owner of a new account."
      footer={
        <Text size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to={signInLink}>
            Sign in
          </Anchor>
        </Text>
      }
    >
      <SignUpForm
        initialEmail={params.get('email') ?? ''}
        onDone={({ signedIn }) => {
          if (signedIn) {
            void navigate(next ?? '/', { replace: true });
          } else {
            const state: SignInState = {
              notice:
                'Your account was created. Verify your e-mail address with the link we sent, then sign in.',
            };
            void navigate(signInLink, { replace: true, state });
          }
        }}
      />
    </AuthCard>
  );
}
