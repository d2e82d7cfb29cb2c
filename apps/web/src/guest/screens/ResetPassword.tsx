import { useState, type FormEvent } from 'react';
import type { SignInState } from '#web/features/auth/lib/next-path.ts';
import { Card, Field, Link, Notice, Submit } from '../components/ui.tsx';
import { request } from '../lib/api.ts';
import { API } from '../lib/contract.ts';
import { checkNewPassword, genericErrorMessage, newPasswordHint } from '../lib/messages.ts';
import { navigate, type Place } from '../lib/navigation.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { t } from '../messages.ts';

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
      const state: SignInState = { notice: t('reset.done') };
      navigate('/signin', { replace: true, state });
    }
  }

  const tokenRejected =
    send.error !== null && (send.error.code === 'INVALID_TOKEN' || send.error.status === 400);
  return (
    <Card
      title={t('reset.title')}
      description={invalid ? undefined : t('reset.description')}
      footer={
        <p className="small">
          <Link to="/signin">{t('reset.back')}</Link>
        </p>
      }
    >
      {invalid ? (
        <>
          <Notice tone="error">{t('reset.invalidLink')}</Notice>
          <p>
            <Link to="/forgot-password">{t('reset.requestNew')}</Link>
          </p>
        </>
      ) : (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={t('reset.form')}
          className="stack"
        >
          {send.error ? (
            <Notice tone="error">
              {tokenRejected ? t('reset.invalidLink') : genericErrorMessage(send.error)}
            </Notice>
          ) : null}
          <Field
            label={t('reset.password')}
            type="password"
            hint={newPasswordHint()}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
          <Submit busy={send.busy}>{t('reset.submit')}</Submit>
        </form>
      )}
    </Card>
  );
}
