import { SCREEN_TITLES } from '@tenantry/shared';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { ForgotPasswordForm } from '#web/features/auth/components/ForgotPasswordForm.tsx';

export default function ForgotPasswordScreen() {
  return (
    <AuthCard
      title={SCREEN_TITLES.forgotPassword}
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <Text size="sm">
          Remembered it?{' '}
          <Anchor component={Link} to="/signin">
            Back to sign in
          </Anchor>
        </Text>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
