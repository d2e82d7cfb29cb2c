import { useState, type FormEvent } from 'react';
import { Field, Notice, Submit, TextButton } from '../components/ui.tsx';
import { request } from '../lib/api.ts';
import { API, SIGNUP_CODE_DIGITS, secondStepOf, type SecondFactorMethod } from '../lib/contract.ts';
import { checkCode, genericErrorMessage } from '../lib/messages.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';

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
    const checked = checkCode(code, SIGNUP_CODE_DIGITS, 'Enter the code from the e-mail');
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
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Enter the code" className="stack">
      <p className="text">
        We sent a {SIGNUP_CODE_DIGITS}-digit code to <strong>{email}</strong>. Enter it to finish:
        it is valid for 10 minutes.
      </p>
      {send.error && !fieldError ? (
        <Notice tone="error">{genericErrorMessage(send.error)}</Notice>
      ) : null}
      <Field
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SIGNUP_CODE_DIGITS + 2}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={codeError}
        autoFocus
      />
      <Submit busy={send.busy}>Continue</Submit>
      {resent ? <Notice tone="success">A new code is on its way to {email}.</Notice> : null}
      <p className="small dimmed">
        No e-mail? Check your spam folder, or{' '}
        <TextButton
          disabled={resend.busy}
          onClick={() => void resend.run(email).then((r) => setResent(Boolean(r?.ok)))}
        >
          send a new code
        </TextButton>
        .
      </p>
    </form>
  );
}
