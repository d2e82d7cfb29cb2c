import { SCREEN_TITLES } from '@tenantry/shared';
import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { SignUpForm } from '../../../features/auth/components/SignUpForm.tsx';
import type { SignInState } from '../../guard-components.tsx';

export default function SignUpScreen() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title={SCREEN_TITLES.signup}
      description="Start assessing your client tenants. You become the owner of a new account."
      footer={
        <Text size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to="/signin">
            Sign in
          </Anchor>
        </Text>
      }
    >
      <SignUpForm
        onDone={({ signedIn }) => {
          if (signedIn) {
            void navigate('/', { replace: true });
          } else {
            const state: SignInState = {
              notice:
                'Your account was created. Verify your e-mail address with the link we sent, then sign in.',
            };
            void navigate('/signin', { replace: true, state });
          }
        }}
      />
    </AuthCard>
  );
}
