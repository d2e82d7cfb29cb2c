import { useState } from 'react';
import { invitationAuthLinks, invitationView } from '#web/features/members/lib/invitation-view.ts';
import { Card, Loading, Notice } from '../components/ui.tsx';
import { request, type CurrentUserState } from '../lib/api.ts';
import { API, ROLE_LABELS } from '../lib/contract.ts';
import { useInvitation } from '../lib/invitation.ts';
import { genericErrorMessage } from '../lib/messages.ts';
import { followLink, navigate } from '../lib/navigation.ts';
import { useSubmit } from '../lib/use-submit.ts';

const accept = (token: string) =>
  request<unknown>(API.acceptInvitation(token), { method: 'POST', body: {} });

/** /invitations/{token}: join an account by an e-mailed invitation (new or existing user). */
export function InvitationScreen({ token, me }: { token: string; me: CurrentUserState }) {
  const invitation = useInvitation(token);
  const send = useSubmit(accept);
  const [accepted, setAccepted] = useState(false);

  if (!invitation || me === 'pending') {
    return (
      <Card title="Invitation">
        <Loading>Loading the invitation…</Loading>
      </Card>
    );
  }
  if (!invitation.ok) {
    return (
      <Card title="Invitation">
        <Notice tone="error">
          {invitation.status === 404
            ? 'This invitation link is not valid. Check that you copied the whole link from the e-mail.'
            : invitation.message || genericErrorMessage(invitation)}
        </Notice>
        <p>
          <a href="/">Go to Tenantry</a>
        </p>
      </Card>
    );
  }

  const inv = invitation.data;
  const view = invitationView(inv, me);
  const links = invitationAuthLinks(token, inv.email);
  return (
    <Card
      title={`Join ${inv.accountName}`}
      description={
        <>
          You are invited to join <strong>{inv.accountName}</strong> as{' '}
          <strong>{ROLE_LABELS[inv.role]}</strong> with the address {inv.email}.
        </>
      }
    >
      {view.kind === 'unusable' ? <Notice tone="warning">{view.message}</Notice> : null}
      {view.kind === 'signedOut' ? (
        <div className="stack">
          <p className="small">New to Tenantry? Create an account with {inv.email}, then accept.</p>
          <a className="button" href={links.signUp} onClick={followLink}>
            Create an account
          </a>
          <p className="small">Already have an account with this address?</p>
          <a className="button button-default" href={links.signIn} onClick={followLink}>
            Sign in
          </a>
        </div>
      ) : null}
      {view.kind === 'wrongEmail' ? (
        <div className="stack">
          <Notice tone="warning">{view.message}</Notice>
          <a className="button button-default" href="/signout">
            Sign out
          </a>
        </div>
      ) : null}
      {view.kind === 'canAccept' ? (
        <div className="stack">
          {send.error ? (
            <Notice tone="error">{send.error.message || genericErrorMessage(send.error)}</Notice>
          ) : null}
          <button
            type="button"
            className="button"
            disabled={send.busy || accepted}
            aria-busy={send.busy || undefined}
            onClick={() =>
              void send.run(token).then((res) => {
                if (!res?.ok) return;
                setAccepted(true);
                navigate('/tenant', { replace: true });
              })
            }
          >
            Accept invitation
          </button>
        </div>
      ) : null}
    </Card>
  );
}
