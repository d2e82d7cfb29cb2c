import { SCREEN_TITLES } from '@tenantry/shared';
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { useMe } from '#web/features/auth/api/me.ts';
import { useAcceptInvitation } from '#web/features/members/api/accept-invitation.ts';
import { useInvitationByToken } from '#web/features/members/api/get-invitation-by-token.ts';
import { invitationAuthLinks, invitationView } from '#web/features/members/lib/invitation-view.ts';
import { ROLE_LABELS } from '#web/features/members/lib/member-rules.ts';
import { ApiError } from '#web/lib/api.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';

/** /invitations/{token}: join an account by an e-mailed invitation (new or existing user). */
export default function InvitationScreen() {
  const { token = '' } = useParams();
  const invitation = useInvitationByToken(token);
  const { user, isLoading } = useMe();
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();

  if (invitation.isPending || isLoading) {
    return (
      <AuthCard title={SCREEN_TITLES.invitation}>
        <Text size="sm" role="status">
          <Loader size="xs" mr="xs" aria-hidden />
          Loading the invitation…
        </Text>
      </AuthCard>
    );
  }

  if (invitation.isError) {
    const missing = invitation.error instanceof ApiError && invitation.error.status === 404;
    return (
      <AuthCard title={SCREEN_TITLES.invitation}>
        <ErrorAlert>
          {missing
            ? 'This invitation link is not valid. Check that you copied the whole link from the e-mail.'
            : invitation.error.message}
        </ErrorAlert>
        <Anchor component={Link} to="/">
          Go to Tenantry
        </Anchor>
      </AuthCard>
    );
  }

  const inv = invitation.data;
  const view = invitationView(inv, user);
  const links = invitationAuthLinks(token, inv.email);
  return (
    <AuthCard
      title={`Join ${inv.accountName}`}
      description={
        <>
          You are invited to join <strong>{inv.accountName}</strong> as{' '}
          <strong>{ROLE_LABELS[inv.role]}</strong> with the address {inv.email}.
        </>
      }
    >
      {view.kind === 'unusable' ? (
        <Alert color="orange" variant="light" role="alert">
          {view.message}
        </Alert>
      ) : null}
      {view.kind === 'signedOut' ? (
        <Stack gap="sm">
          <Text size="sm">New to Tenantry? Create an account with {inv.email}, then accept.</Text>
          <Button component={Link} to={links.signUp}>
            Create an account
          </Button>
          <Text size="sm">Already have an account with this address?</Text>
          <Button component={Link} to={links.signIn} variant="default">
            Sign in
          </Button>
        </Stack>
      ) : null}
      {view.kind === 'wrongEmail' ? (
        <Stack gap="sm">
          <Alert color="orange" variant="light" role="alert">
            {view.message}
          </Alert>
          <Button component={Link} to="/signout" variant="default">
            Sign out
          </Button>
        </Stack>
      ) : null}
      {view.kind === 'canAccept' ? (
        <Stack gap="sm">
          {accept.isError ? <ErrorAlert>{accept.error.message}</ErrorAlert> : null}
          <Button
            loading={accept.isPending}
            onClick={() =>
              accept.mutate(undefined, {
                onSuccess: () => void navigate('/tenant', { replace: true }),
              })
            }
          >
            Accept invitation
          </Button>
        </Stack>
      ) : null}
    </AuthCard>
  );
}
