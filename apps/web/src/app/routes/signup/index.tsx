import { SCREEN_TITLES } from '@tenantry/shared';
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { SignUpCodeForm } from '#web/features/auth/components/SignUpCodeForm.tsx';
import { SignUpForm } from '#web/features/auth/components/SignUpForm.tsx';
import { nextFromSearch } from '#web/features/auth/lib/next-path.ts';
import { useInvitationByToken } from '#web/features/members/api/get-invitation-by-token.ts';
import { invitationTokenOf } from '#web/features/members/lib/invitation-view.ts';
import { ROLE_LABELS } from '#web/features/members/lib/member-rules.ts';

export default function SignUpScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  // After the sign-up request: the address the code went to (the second step).
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // An invitation link sends `?email=…&next=/invitations/…`: prefill, then return there.
  const params = new URLSearchParams(location.search);
  const next = nextFromSearch(location.search);
  const signInLink = next ? `/signin?next=${encodeURIComponent(next)}` : '/signin';
  // From an invitation link the person joins someone else's account: say that, not "owner".
  const token = invitationTokenOf(next);
  const invitation = useInvitationByToken(token ?? '', token !== null);
  const invited = invitation.data?.status === 'pending' ? invitation.data : null;
  let description = 'Start assessing your client tenants. You become the owner of a new account.';
  if (invited) {
    description = `Create your sign-in to join ${invited.accountName} as ${ROLE_LABELS[invited.role]}. Then you accept the invitation.`;
  } else if (token) {
    description = 'Create your sign-in, then accept the invitation.';
  }
  return (
    <AuthCard
      title={token ? 'Create your sign-in' : SCREEN_TITLES.signup}
      description={description}
      footer={
        <Text size="sm">
          Already have an account?{' '}
          <Anchor component={Link} to={signInLink}>
            Sign in
          </Anchor>
        </Text>
      }
    >
      {pendingEmail ? (
        <SignUpCodeForm
          email={pendingEmail}
          onDone={() => void navigate(next ?? '/', { replace: true })}
        />
      ) : (
        <SignUpForm
          initialEmail={params.get('email') ?? ''}
          onDone={({ signedIn, email }) => {
            if (signedIn) void navigate(next ?? '/', { replace: true });
            else setPendingEmail(email);
          }}
        />
      )}
    </AuthCard>
  );
}
