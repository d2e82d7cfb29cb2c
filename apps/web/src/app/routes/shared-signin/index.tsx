import { SCREEN_TITLES, sharedUserHome } from '@tenantry/shared';
import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { SharedSignInForm } from '#web/features/sharing/components/SharedSignInForm.tsx';

/**
 * Shared sign-in: people a client tenant was shared with prove their address with a
 * one-time code sent by e-mail, then land on that tenant (`tenant/{tenantId}`).
 */
export default function SharedSignInScreen() {
  const { tenantId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <AuthCard
      title={SCREEN_TITLES.sharedSignin}
      description="Someone shared a client workspace with you. Sign in with a one-time code sent to your e-mail address; no password needed."
      footer={
        <Text size="sm">
          Have a Tenantry account?{' '}
          <Anchor component={Link} to="/signin">
            Sign in
          </Anchor>
        </Text>
      }
    >
      <SharedSignInForm
        tenantId={tenantId}
        onSignedIn={() => void navigate(sharedUserHome(tenantId), { replace: true })}
      />
    </AuthCard>
  );
}
