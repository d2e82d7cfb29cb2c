import { useState, type FormEvent } from 'react';
import { Card, Field, Link, Notice, Submit } from '../components/ui.tsx';
import { request } from '../lib/api.ts';
import { API, RESET_PASSWORD_PATH } from '../lib/contract.ts';
import { checkEmail, genericErrorMessage, isSsoRequired } from '../lib/messages.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** Asks for a reset link. The answer never says whether the account exists. */
const requestReset = (email: string) =>
  request<unknown>(API.requestPasswordReset, { body: { email, redirectTo: RESET_PASSWORD_PATH } });

export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = useSubmit(requestReset);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkEmail(email);
    setError(checked);
    if (checked) return;
    const res = await send.run(email.trim());
    // Same answer whether or not the account exists; only transport problems differ, and an
    // address whose domain signs in with single sign-on (no password to reset there).
    if (res && !isSsoRequired(res) && (res.ok || (res.status !== 0 && res.status !== 429))) {
      setSent(true);
    }
  }

  return (
    <Card
      title={t('forgot.title')}
      description={t('forgot.description')}
      footer={
        <p className="small">
          {rich(t, 'forgot.remembered', {}, { link: <Link to="/signin">{t('forgot.back')}</Link> })}
        </p>
      }
    >
      {sent ? (
        <Notice tone="success">{t('forgot.sent')}</Notice>
      ) : (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={t('forgot.form')}
          className="stack"
        >
          {send.error ? (
            <Notice tone="error">
              {genericErrorMessage(send.error)}
              {isSsoRequired(send.error) ? (
                <>
                  {' '}
                  <Link to="/signin?sso=start">{t('forgot.sso')}</Link>
                </>
              ) : null}
            </Notice>
          ) : null}
          <Field
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
          <Submit busy={send.busy}>{t('forgot.submit')}</Submit>
        </form>
      )}
    </Card>
  );
}
