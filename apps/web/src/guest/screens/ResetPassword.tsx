import { useState, type FormEvent } from 'react';
import type { SignInState } from '#web/features/auth/lib/next-path.ts';
import { Card, Field, Link, Notice, Submit } from '../components/ui.tsx';
import { request } from '../lib/api.ts';
import { API } from '../lib/contract.ts';
import {
  INVALID_RESET_LINK,
  NEW_PASSWORD_HINT,
  checkNewPassword,
  genericErrorMessage,
} from '../lib/messages.ts';
import { navigate, type Place } from '../lib/navigation.ts';
import { useSubmit } from '../lib/use-submit.ts';

const resetPassword = (token: string, newPassword: string) =>
  request<unknown>(API.resetPassword, { body: { token, newPassword } });

export function ResetPasswordScreen({ place }: { place: Place }) {
  const params = new URLSearchParams(place.search);
  const token = params.get('token');
  // Better Auth sends the browser here with ?error=INVALID_TOKEN for a bad or expired link.
  const invalid = !token || params.has('error');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSubmit(resetPassword);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkNewPassword(password);
    setError(checked);
    if (checked || !token) return;
    const res = await send.run(token, password);
    if (res?.ok) {
      const state: SignInState = {
        notice: 'Your password has been reset. Sign in with your new password.',
      };
      navigate('/signin', { replace: true, state });
    }
  }

  const tokenRejected =
    send.error !== null && (send.error.code === 'INVALID_TOKEN' || send.error.status === 400);
  return (
    <Card
      title="Reset password"
      description={invalid ? undefined : 'Choose a new password for your account.'}
      footer={
        <p className="small">
          <Link to="/signin">Back to sign in</Link>
        </p>
      }
    >
      {invalid ? (
        <>
          <Notice tone="error">{INVALID_RESET_LINK}</Notice>
          <p>
            <Link to="/forgot-password">Request a new link</Link>
          </p>
        </>
      ) : (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label="Reset password"
          className="stack"
        >
          {send.error ? (
            <Notice tone="error">
              {tokenRejected ? INVALID_RESET_LINK : genericErrorMessage(send.error)}
            </Notice>
          ) : null}
          <Field
            label="New password"
            type="password"
            hint={NEW_PASSWORD_HINT}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
          <Submit busy={send.busy}>Reset password</Submit>
        </form>
      )}
    </Card>
  );
}
