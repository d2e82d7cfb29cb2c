import { useState } from 'react';
import { invitationAuthLinks, invitationView } from '#web/features/members/lib/invitation-view.ts';
import { Card, Loading, Notice } from '../components/ui.tsx';
import { request, type CurrentUserState } from '../lib/api.ts';
import { API } from '../lib/contract.ts';
import { useInvitation } from '../lib/invitation.ts';
import { genericErrorMessage, roleLabel } from '../lib/messages.ts';
import { followLink, navigate } from '../lib/navigation.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const accept = (token: string) =>
  request<unknown>(API.acceptInvitation(token), { method: 'POST', body: {} });

/** /invitations/{token}: join an account by an e-mailed invitation (new or existing user). */
export function InvitationScreen({ token, me }: { token: string; me: CurrentUserState }) {
  const invitation = useInvitation(token);
  const send = useSubmit(accept);
  const [accepted, setAccepted] = useState(false);

  if (!invitation || me === 'pending') {
    return (
      <Card title={t('invitation.title')}>
        <Loading>{t('invitation.loading')}</Loading>
      </Card>
    );
  }
  if (!invitation.ok) {
    return (
      <Card title={t('invitation.title')}>
        <Notice tone="error">
          {invitation.status === 404
            ? t('invitation.notValid')
            : invitation.message || genericErrorMessage(invitation)}
        </Notice>
        <p>
          <a href="/">{t('invitation.home')}</a>
        </p>
      </Card>
    );
  }

  const inv = invitation.data;
  const view = invitationView(inv, me);
  const links = invitationAuthLinks(token, inv.email);
  return (
    <Card
      title={t('invitation.join', { account: inv.accountName })}
      description={rich(
        t,
        'invitation.invited',
        { email: inv.email },
        {
          account: <strong>{inv.accountName}</strong>,
          role: <strong>{roleLabel(inv.role)}</strong>,
        },
      )}
    >
      {view.kind === 'unusable' ? <Notice tone="warning">{view.message}</Notice> : null}
      {view.kind === 'signedOut' ? (
        <div className="stack">
          <p className="small">{t('invitation.newHere', { email: inv.email })}</p>
          <a className="button" href={links.signUp} onClick={followLink}>
            {t('invitation.createAccount')}
          </a>
          <p className="small">{t('invitation.haveAccount')}</p>
          <a className="button button-default" href={links.signIn} onClick={followLink}>
            {t('invitation.signIn')}
          </a>
        </div>
      ) : null}
      {view.kind === 'wrongEmail' ? (
        <div className="stack">
          <Notice tone="warning">{view.message}</Notice>
          <a className="button button-default" href="/signout">
            {t('invitation.signOut')}
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
            {t('invitation.accept')}
          </button>
        </div>
      ) : null}
    </Card>
  );
}
