import { useState, type FormEvent } from 'react';
import { Field, Notice, Submit, TextButton } from '../components/ui.tsx';
import { request } from '../lib/api.ts';
import { API, SIGNUP_CODE_DIGITS, secondStepOf, type SecondFactorMethod } from '../lib/contract.ts';
import { checkCode, genericErrorMessage } from '../lib/messages.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const verify = (email: string, code: string) =>
  request<unknown>(API.signUpVerify, { body: { email, code } });
const resendCode = (email: string) => request<unknown>(API.signUpCode, { body: { email } });

/**
 * The second step of sign-up (and of a sign-in whose address is not proven yet): the code
 * e-mailed to `email`. Entering it signs in.
 */
export function SignUpCodeStep({ email, onDone }: { email: string; onDone: () => void }) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const send = useSubmit(verify);
  const resend = useSubmit(resendCode);
  const [resent, setResent] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkCode(code, SIGNUP_CODE_DIGITS, t('code.empty'));
    setCodeError(checked.error);
    if (checked.error) return;
    const res = await send.run(email, checked.code);
    const methods = res?.ok ? secondStepOf(res.data) : null;
    if (methods) setSecondStep(methods);
    else if (res?.ok) onDone();
    else if (res && !res.ok && res.status === 400) setCodeError(res.fields.code ?? res.message);
  }

  const fieldError = send.error?.status === 400;
  if (secondStep) return <SecondFactorStep methods={secondStep} onDone={onDone} />;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('code.form')} className="stack">
      <p className="text">
        {rich(t, 'code.intro', { digits: SIGNUP_CODE_DIGITS }, { email: <strong>{email}</strong> })}
      </p>
      {send.error && !fieldError ? (
        <Notice tone="error">{genericErrorMessage(send.error)}</Notice>
      ) : null}
      <Field
        label={t('code.label')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SIGNUP_CODE_DIGITS + 2}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={codeError}
        autoFocus
      />
      <Submit busy={send.busy}>{t('code.submit')}</Submit>
      {resent ? <Notice tone="success">{t('code.resent', { email })}</Notice> : null}
      <p className="small dimmed">
        {rich(
          t,
          'code.resend',
          {},
          {
            action: (
              <TextButton
                disabled={resend.busy}
                onClick={() => void resend.run(email).then((r) => setResent(Boolean(r?.ok)))}
              >
                {t('code.resendAction')}
              </TextButton>
            ),
          },
        )}
      </p>
    </form>
  );
}
