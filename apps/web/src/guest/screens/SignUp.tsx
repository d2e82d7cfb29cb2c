import { useState, type FormEvent } from 'react';
import { nextFromSearch } from '#web/features/auth/lib/next-path.ts';
import { invitationTokenOf } from '#web/features/members/lib/invitation-view.ts';
import { Card, Field, Link, Notice, Submit } from '../components/ui.tsx';
import { fetchMe, request } from '../lib/api.ts';
import { API, ROLE_LABELS } from '../lib/contract.ts';
import { useInvitation } from '../lib/invitation.ts';
import {
  NEW_PASSWORD_HINT,
  PASSWORD_CODES,
  checkEmail,
  checkNewPassword,
  isSsoRequired,
  signUpErrorMessage,
} from '../lib/messages.ts';
import { navigate, type Place } from '../lib/navigation.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { SignUpCodeStep } from './SignUpCodeStep.tsx';

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
      name: name.trim() ? null : 'Enter your name',
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

  let description = 'Start assessing your client tenants. You become the owner of a new account.';
  if (invited) {
    description = `Create your sign-in to join ${invited.accountName} as ${ROLE_LABELS[invited.role]}. Then you accept the invitation.`;
  } else if (token) {
    description = 'Create your sign-in, then accept the invitation.';
  }
  const passwordRefused = send.error !== null && PASSWORD_CODES.has(send.error.code);
  return (
    <Card
      title={token ? 'Create your sign-in' : 'Create your account'}
      description={description}
      footer={
        <p className="small">
          Already have an account? <Link to={signInLink}>Sign in</Link>
        </p>
      }
    >
      {pendingEmail ? (
        <SignUpCodeStep email={pendingEmail} onDone={done} />
      ) : (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label="Create your account"
          className="stack"
        >
          {send.error && !passwordRefused ? (
            <Notice tone="error">
              {signUpErrorMessage(send.error)}
              {isSsoRequired(send.error) ? (
                <>
                  {' '}
                  <Link to="/signin?sso=start">Use single sign-on (SSO)</Link>
                </>
              ) : null}
            </Notice>
          ) : null}
          <Field
            label="Name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
          />
          <Field
            label="E-mail"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <Field
            label="Password"
            type="password"
            hint={NEW_PASSWORD_HINT}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <Submit busy={send.busy}>Create account</Submit>
        </form>
      )}
    </Card>
  );
}
