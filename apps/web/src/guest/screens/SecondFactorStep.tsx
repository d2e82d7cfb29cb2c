import { useState, type FormEvent } from 'react';
import { Field, Notice, Submit, TextButton } from '../components/ui.tsx';
import { request, type ApiResult } from '../lib/api.ts';
import { API, TOTP_DIGITS, type SecondFactorMethod } from '../lib/contract.ts';
import { checkCode, secondFactorErrorMessage } from '../lib/messages.ts';
import { passkeysSupported, signInWithPasskey } from '../lib/passkey.ts';
import { useSubmit } from '../lib/use-submit.ts';

const verifyTotp = (code: string) => request<unknown>(API.verifyTotp, { body: { code } });
const verifyBackupCode = (code: string) =>
  request<unknown>(API.verifyBackupCode, { body: { code } });
const usePasskey = (): Promise<ApiResult<unknown>> => signInWithPasskey();

/**
 * The second step of a sign-in (docs/identity.md): the address has a second factor, so the
 * first step (a password, an e-mailed code) opened no session. A code from the authenticator
 * app, a backup code, or a passkey finishes it.
 */
export function SecondFactorStep({
  methods,
  onDone,
}: {
  methods: SecondFactorMethod[];
  onDone: () => void;
}) {
  const totp = methods.includes('totp');
  const passkey = methods.includes('passkey') && passkeysSupported();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const sendTotp = useSubmit(verifyTotp);
  const sendBackup = useSubmit(verifyBackupCode);
  const sendPasskey = useSubmit(usePasskey);
  const send = backup ? sendBackup : sendTotp;

  async function submit(e: FormEvent) {
    e.preventDefault();
    let value = code.trim();
    if (backup) {
      if (!value) return setCodeError('Enter one of your backup codes');
    } else {
      const checked = checkCode(code, TOTP_DIGITS, 'Enter the code from your authenticator app');
      setCodeError(checked.error);
      if (checked.error) return;
      value = checked.code;
    }
    setCodeError(null);
    const res = await send.run(value);
    if (res?.ok) onDone();
  }

  async function passkeySignIn() {
    const res = await sendPasskey.run();
    if (res?.ok) onDone();
  }

  const error = send.error ?? sendPasskey.error;
  return (
    <div className="stack">
      <p className="text">
        {totp
          ? 'Your account has a second factor. Enter the code from your authenticator app to finish signing in.'
          : 'Your account has a passkey. Use it to finish signing in.'}
      </p>
      {error ? <Notice tone="error">{secondFactorErrorMessage(error)}</Notice> : null}
      {totp ? (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label="Second factor"
          className="stack"
        >
          <Field
            label={backup ? 'Backup code' : 'Authentication code'}
            inputMode={backup ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={codeError}
            autoFocus
          />
          <Submit busy={send.busy}>Verify</Submit>
          <p className="small dimmed">
            {backup ? 'Have your phone? ' : 'Lost your phone? '}
            <TextButton
              onClick={() => {
                setBackup(!backup);
                setCode('');
                setCodeError(null);
                sendTotp.reset();
                sendBackup.reset();
              }}
            >
              {backup ? 'Use the authenticator app' : 'Use a backup code'}
            </TextButton>
            {backup ? null : '. Without one, your account owner or Tenantry support can reset it.'}
          </p>
        </form>
      ) : null}
      {passkey ? (
        <button
          type="button"
          className={totp ? 'button button-default' : 'button'}
          disabled={sendPasskey.busy}
          aria-busy={sendPasskey.busy || undefined}
          onClick={() => void passkeySignIn()}
        >
          {sendPasskey.busy ? <span className="spinner" aria-hidden /> : null}
          Use a passkey
        </button>
      ) : null}
    </div>
  );
}
