import { useState, type FormEvent } from 'react';
import { nextFromSearch } from '#web/features/auth/lib/next-path.ts';
import { invitationTokenOf } from '#web/features/members/lib/invitation-view.ts';
import { Card, Field, Link, Notice, Submit } from '../components/ui.tsx';
import { fetchMe, request } from '../lib/api.ts';
import { API } from '../lib/contract.ts';
import { useInvitation } from '../lib/invitation.ts';
import {
  PASSWORD_CODES,
  checkEmail,
  checkNewPassword,
  isSsoRequired,
  newPasswordHint,
  roleLabel,
  signUpErrorMessage,
} from '../lib/messages.ts';
import { navigate, type Place } from '../lib/navigation.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { SignUpCodeStep } from './SignUpCodeStep.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const signUp = (name: string, email: string, password: string) =>
  request<unknown>(API.signUp, { body: { name, email, password } });

export function SignUpScreen({ place }: { place: Place }) {
  const params = new URLSearchParams(place.search);
  // An invitation link sends `?email=…&next=/invitations/…`: prefill, then return there.
  const next = nextFromSearch(place.search);
  const signInLink = next ? `/signin?next=${encodeURIComponent(next)}` : '/signin';
  // From an invitation link the person joins someone else's account: say that, not "owner".
  const token = invitationTokenOf(next);
  const invitation = useInvitation(token);
  const invited = invitation?.ok && invitation.data.status === 'pending' ? invitation.data : null;
  const [name, setName] = useState('');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  // After the sign-up request: the address the code went to (the second step).
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const send = useSubmit(signUp);
  const done = () => navigate(next ?? '/', { replace: true, signedIn: true });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = {
      name: name.trim() ? null : t('signUp.nameEmpty'),
      email: checkEmail(email),
      password: checkNewPassword(password),
    };
    setErrors(checked);
    if (checked.name || checked.email || checked.password) return;
    const res = await send.run(name.trim(), email.trim(), password);
    if (!res) return;
    if (!res.ok) {
      if (PASSWORD_CODES.has(res.code)) setErrors({ password: res.message });
      return;
    }
    // Signed in at once (an address that needs no proof), or the code step comes next.
    if (await fetchMe()) done();
    else setPendingEmail(email.trim());
  }

  let description = t('signUp.description.owner');
  if (invited) {
    description = t('signUp.description.invited', {
      account: invited.accountName,
      role: roleLabel(invited.role),
    });
  } else if (token) {
    description = t('signUp.description.invitation');
  }
  const passwordRefused = send.error !== null && PASSWORD_CODES.has(send.error.code);
  return (
    <Card
      title={token ? t('signUp.title.signIn') : t('signUp.title.account')}
      description={description}
      footer={
        <p className="small">
          {rich(
            t,
            'signUp.haveAccount',
            {},
            { link: <Link to={signInLink}>{t('signUp.signIn')}</Link> },
          )}
        </p>
      }
    >
      {pendingEmail ? (
        <SignUpCodeStep email={pendingEmail} onDone={done} />
      ) : (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={t('signUp.form')}
          className="stack"
        >
          {send.error && !passwordRefused ? (
            <Notice tone="error">
              {signUpErrorMessage(send.error)}
              {isSsoRequired(send.error) ? (
                <>
                  {' '}
                  <Link to="/signin?sso=start">{t('signUp.sso')}</Link>
                </>
              ) : null}
            </Notice>
          ) : null}
          <Field
            label={t('signUp.name')}
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
          />
          <Field
            label={t('signUp.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <Field
            label={t('signUp.password')}
            type="password"
            hint={newPasswordHint()}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <Submit busy={send.busy}>{t('signUp.submit')}</Submit>
        </form>
      )}
    </Card>
  );
}
