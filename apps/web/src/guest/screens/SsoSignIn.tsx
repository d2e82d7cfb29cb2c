import { useState, type FormEvent } from 'react';
import { Field, Notice, Submit, TextButton } from '../components/ui.tsx';
import { request, type ApiResult } from '../lib/api.ts';
import { API } from '../lib/contract.ts';
import { checkEmail } from '../lib/messages.ts';
import { ssoFailureMessage, ssoStartErrorMessage } from '../lib/sso-messages.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { t } from '../messages.ts';

type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

const startSso = (email: string, next: string) =>
  request<{ url: string }>(API.ssoSignIn, {
    body: { email, ...(next !== '/' ? { next } : {}) },
  });

/**
 * "Use single sign-on (SSO)": the work address names the account's identity provider; the
 * browser goes there, signs in, and comes back signed in (a first sign-in joins the account).
 */
export function SsoSignIn({
  initialEmail,
  next,
  failure,
  required,
  onPassword,
}: {
  initialEmail: string;
  /** Where to land once signed in (a path of this site). */
  next: string;
  /** Back from the provider refused: why (`error`), or undefined. */
  failure?: string | null | undefined;
  /** The password sign-in refused this address: its domain requires single sign-on. */
  required: Refusal | null;
  onPassword: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const send = useSubmit(startSso);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkEmail(email, t('sso.emailEmpty'));
    setError(checked);
    if (checked) return;
    const res = await send.run(email.trim(), next);
    if (res?.ok) {
      setLeaving(true);
      window.location.assign(res.data.url);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('sso.form')} className="stack">
      {failure !== undefined ? (
        <Notice tone="error" title={t('sso.failed.title')}>
          {ssoFailureMessage(failure)}
        </Notice>
      ) : null}
      {required ? (
        <Notice tone="info" title={t('sso.required.title')}>
          {required.message}
        </Notice>
      ) : null}
      {send.error ? <Notice tone="error">{ssoStartErrorMessage(send.error)}</Notice> : null}
      <Field
        label={t('sso.email')}
        type="email"
        autoComplete="email"
        autoFocus
        hint={t('sso.emailHint')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <Submit busy={send.busy || leaving}>{t('sso.submit')}</Submit>
      <p className="small">
        <TextButton onClick={onPassword}>{t('sso.password')}</TextButton>
      </p>
    </form>
  );
}
