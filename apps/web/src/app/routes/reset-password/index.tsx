import { SCREEN_TITLES } from '@tenantry/shared';
import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import {
  INVALID_RESET_LINK,
  ResetPasswordForm,
} from '#web/features/auth/components/ResetPasswordForm.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import type { SignInState } from '#web/features/auth/lib/next-path.ts';

export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  // Better Auth sends the browser here with ?error=INVALID_TOKEN for a bad or expired link.
  const invalid = !token || params.has('error');
  return (
    <AuthCard
      title={SCREEN_TITLES.resetPassword}
      description={invalid ? undefined : 'Choose a new password for your account.'}
      footer={
        <Text size="sm">
          <Anchor component={Link} to="/signin">
            Back to sign in
          </Anchor>
        </Text>
      }
    >
      {invalid ? (
        <>
          <ErrorAlert>{INVALID_RESET_LINK}</ErrorAlert>
          <Anchor component={Link} to="/forgot-password">
            Request a new link
          </Anchor>
        </>
      ) : (
        <ResetPasswordForm
          token={token}
          onDone={() => {
            const state: SignInState = {
              notice: 'Your password has been reset. Sign in with your new password.',
            };
            void navigate('/signin', { replace: true, state });
          }}
        />
      )}
    </AuthCard>
  );
}
