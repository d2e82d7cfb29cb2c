import { useState, type FormEvent } from 'react';
import { Field, Notice, Submit, TextButton } from '../components/ui.tsx';
import { request, type ApiResult } from '../lib/api.ts';
import { API, TOTP_DIGITS, type SecondFactorMethod } from '../lib/contract.ts';
import { checkCode, secondFactorErrorMessage } from '../lib/messages.ts';
import { passkeysSupported, signInWithPasskey } from '../lib/passkey.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { t as own } from '../messages.ts';
import type { GuestKey } from '#web/i18n/guest.ts';
import { rich } from '#web/i18n/rich.tsx';
import type { Values } from '@tenantry/shared/i18n/translator';

type Refusal = Extract<ApiResult<unknown>, { ok: false }>;
/** The words both catalogues have, under the same keys. */
type SecondKey = GuestKey & Parameters<typeof own>[0];

/** A refused second step as a message key of the shared sign-in's catalogue (null: generic). */
function secondFactorErrorKey(err: Refusal): GuestKey {
  switch (err.code) {
    case 'INVALID_CODE':
      return 'second.invalidCode';
    case 'INVALID_BACKUP_CODE':
      return 'second.invalidBackup';
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return 'second.expired';
    case 'TOO_MANY_SECOND_FACTOR_ATTEMPTS':
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return 'second.tooMany';
    case 'passkey.cancelled':
      return 'second.passkeyCancelled';
    case 'PASSKEY_NOT_FOUND':
      return 'second.passkeyUnknown';
    default:
      return err.status === 0
        ? 'error.network'
        : err.status === 429
          ? 'error.rateLimited'
          : 'error.generic';
  }
}

const verifyTotp = (code: string) => request<unknown>(API.verifyTotp, { body: { code } });
const verifyBackupCode = (code: string) =>
  request<unknown>(API.verifyBackupCode, { body: { code } });
const usePasskey = (): Promise<ApiResult<unknown>> => signInWithPasskey();

/**
 * The second step of a sign-in (docs/identity.md): the address has a second factor, so the
 * first step (a password, an e-mailed code) opened no session. A code from the authenticator
 * app, a backup code, or a passkey finishes it. On the shared sign-in it speaks the page's
 * language (the `guest` catalogue); on the provider's own sign-in, English (`public-pages`).
 */
export function SecondFactorStep({
  methods,
  onDone,
  t,
}: {
  methods: SecondFactorMethod[];
  onDone: () => void;
  /** The shared sign-in's translation; without it, the provider's own pages' words. */
  t?: (key: GuestKey, values?: Values) => string;
}) {
  const say = (key: SecondKey, values?: Values) => (t ? t(key, values) : own(key, values));
  const totp = methods.includes('totp');
  const passkey = methods.includes('passkey') && passkeysSupported();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<'empty' | 'digits' | null>(null);
  const sendTotp = useSubmit(verifyTotp);
  const sendBackup = useSubmit(verifyBackupCode);
  const sendPasskey = useSubmit(usePasskey);
  const send = backup ? sendBackup : sendTotp;

  async function submit(e: FormEvent) {
    e.preventDefault();
    let value = code.trim();
    if (backup) {
      if (!value) return setCodeError('empty');
    } else {
      const checked = checkCode(code, TOTP_DIGITS, 'empty');
      const problem = checked.error === null ? null : checked.code ? 'digits' : 'empty';
      setCodeError(problem);
      if (problem) return;
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
  const codeErrorText =
    codeError === 'digits'
      ? say('check.codeDigits', { digits: TOTP_DIGITS })
      : codeError && backup
        ? say('second.backupEmpty')
        : codeError
          ? say('second.totpEmpty')
          : null;
  const toggle = (
    <TextButton
      onClick={() => {
        setBackup(!backup);
        setCode('');
        setCodeError(null);
        sendTotp.reset();
        sendBackup.reset();
      }}
    >
      {backup ? say('second.useApp') : say('second.useBackup')}
    </TextButton>
  );
  return (
    <div className="stack">
      <p className="text">{totp ? say('second.introTotp') : say('second.introPasskey')}</p>
      {error ? (
        <Notice tone="error">
          {t ? t(secondFactorErrorKey(error)) : secondFactorErrorMessage(error)}
        </Notice>
      ) : null}
      {totp ? (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={say('second.form')}
          className="stack"
        >
          <Field
            label={backup ? say('second.backupLabel') : say('second.totpLabel')}
            inputMode={backup ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={codeErrorText}
            autoFocus
          />
          <Submit busy={send.busy}>{say('second.verify')}</Submit>
          <p className="small dimmed">
            {rich(
              say,
              backup ? 'second.haveYourPhone' : 'second.lostYourPhone',
              {},
              {
                action: toggle,
              },
            )}
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
          {say('second.usePasskey')}
        </button>
      ) : null}
    </div>
  );
}
