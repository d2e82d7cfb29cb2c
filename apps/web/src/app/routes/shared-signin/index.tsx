import { SCREEN_TITLES, sharedUserHome } from '@tenantry/shared';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import {
  forgetSession,
  readLastSession,
  type LastSession,
} from '#web/features/auth/lib/last-session.ts';
import { SharedSignInForm } from '#web/features/sharing/components/SharedSignInForm.tsx';

type EndedShare = Extract<LastSession, { kind: 'shared' }>;

/** This browser's shared session on `tenantId` that the server no longer accepts, if any. */
function endedShareOf(tenantId: string): EndedShare | null {
  const last = readLastSession();
  return last?.kind === 'shared' && last.tenantId === tenantId ? last : null;
}

/**
 * Shared sign-in: people a client tenant was shared with prove their address with a
 * one-time code sent by e-mail, then land on that tenant (`tenant/{tenantId}`). A shared user
 * whose access ended (the share was revoked, or the session ended) lands here and is told so.
 */
export default function SharedSignInScreen() {
  const { tenantId = '' } = useParams();
  const navigate = useNavigate();
  const [ended] = useState(() => endedShareOf(tenantId));
  // Said once: the next visit is an ordinary shared sign-in.
  useEffect(() => {
    if (ended) forgetSession();
  }, [ended]);
  const name = ended?.tenantName ?? null;
  return (
    <AuthCard
      title={ended ? 'Your access has ended' : SCREEN_TITLES.sharedSignin}
      description={
        ended
          ? undefined
          : 'Someone shared a client tenant with you. Sign in with a one-time code sent to your e-mail address; no password needed.'
      }
      footer={
        <Text size="sm">
          Have a Tenantry account?{' '}
          <Anchor component={Link} to="/signin">
            Sign in
          </Anchor>
        </Text>
      }
    >
      {ended ? (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          icon={<IconLock size={18} aria-hidden />}
          title={
            name ? (
              <Text inherit lineClamp={3} title={name} style={NAME_WRAP}>
                Your access to {name} was removed
              </Text>
            ) : (
              'Your access was removed'
            )
          }
        >
          The account that shared {name ? 'it' : 'this client tenant'} with you removed your access,
          or your sign-in ended. If it is still shared with you, sign in again with a new code
          below; otherwise ask the person who shared it.
        </Alert>
      ) : null}
      <SharedSignInForm
        tenantId={tenantId}
        onSignedIn={() => void navigate(sharedUserHome(tenantId), { replace: true })}
      />
    </AuthCard>
  );
}
