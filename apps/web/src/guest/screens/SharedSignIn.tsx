import { sharedUserHome } from '@tenantry/shared/routes';
import { useEffect, useState, type FormEvent } from 'react';
import {
  forgetSession,
  readLastSession,
  type LastSession,
} from '#web/features/auth/lib/last-session.ts';
import { Card, Field, Link, Notice, Submit, TextButton } from '../components/ui.tsx';
import { request } from '../lib/api.ts';
import {
  API,
  SHARED_CODE_DIGITS,
  secondStepOf,
  type SecondFactorMethod,
  type SharedSignInSharer,
} from '../lib/contract.ts';
import { rich } from '#web/i18n/rich.tsx';
import type { ApiResult } from '../lib/api.ts';
import { LanguageSwitcher, useI18n, type GuestKey } from '#web/i18n/guest.ts';
import { checkCode, checkEmail } from '../lib/messages.ts';
import { navigate } from '../lib/navigation.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';

type EndedShare = Extract<LastSession, { kind: 'shared' }>;

/** This browser's shared session on `tenantId` that the server no longer accepts, if any. */
function endedShareOf(tenantId: string): EndedShare | null {
  const last = readLastSession();
  return last?.kind === 'shared' && last.tenantId === tenantId ? last : null;
}

type Sharer = { name: string | null; brand: SharedSignInSharer['brand'] };
const NO_SHARER: Sharer = { name: null, brand: null };

/**
 * The name of the account that shared the tenant and its brand, read by the share id of the
 * invitation link (GET /api/v1/shared-signin/{tenantId}/shares/{shareId}, public); nulls
 * without a share id, while it loads, for a share that is unknown or revoked (the API answers
 * null), or on failure.
 */
function useSharer(tenantId: string, shareId: string | null): Sharer {
  const [result, setResult] = useState<({ key: string } & Sharer) | null>(null);
  const key = shareId ? `${tenantId}/${shareId}` : null;
  useEffect(() => {
    if (!shareId) return;
    const ctrl = new AbortController();
    const asked = `${tenantId}/${shareId}`;
    void request<SharedSignInSharer>(API.sharer(tenantId, shareId), { signal: ctrl.signal }).then(
      (res) => {
        if (ctrl.signal.aborted) return;
        const name = res.ok ? res.data?.accountName?.trim() : null;
        setResult({ key: asked, name: name || null, brand: (res.ok && res.data?.brand) || null });
      },
    );
    return () => ctrl.abort();
  }, [tenantId, shareId]);
  return key !== null && result?.key === key ? result : NO_SHARER;
}

type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

/** How long a shared sign-in code is valid (the code e-mail says the same: `code.valid`). */
const CODE_MINUTES = 10;

/**
 * The one message of a failed step, in the page's language: never says whether a share exists
 * (the server's own message is English and not shown).
 */
export function sharedSignInErrorKey(err: Refusal, step: 'code' | 'verify'): GuestKey {
  if (err.status === 0) return 'error.network';
  if (err.status === 429) return 'error.rateLimited';
  if (step === 'verify' && err.status === 400) return 'error.codeInvalid';
  return 'error.generic';
}

const requestCode = (tenantId: string, email: string) =>
  request<unknown>(API.sharedCode(tenantId), { body: { email } });
const verifyCode = (tenantId: string, email: string, code: string) =>
  request<unknown>(API.sharedVerify(tenantId), { body: { email, code } });

/**
 * Shared sign-in: people a client tenant was shared with prove their address with a one-time
 * code sent by e-mail, then land on that tenant (`tenant/{tenantId}`), in two steps: the address
 * → "Send code", then the code → "Sign in". Messages never reveal whether the address has a
 * share. A shared user whose access ended (the share was revoked, or the session ended) lands
 * here and is told so. The invitation's link carries the share's id (`?share=`): the page then
 * names the account that shared the tenant, else says "Someone".
 */
export function SharedSignInScreen({
  tenantId,
  shareId = null,
}: {
  tenantId: string;
  shareId?: string | null;
}) {
  const { t } = useI18n();
  const [ended] = useState(() => endedShareOf(tenantId));
  // Said once: the next visit is an ordinary shared sign-in.
  useEffect(() => {
    if (ended) forgetSession();
  }, [ended]);
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  // Keys, not words: a message shown stays in the language chosen after it appeared.
  const [errors, setErrors] = useState<{ email?: GuestKey | null; code?: GuestKey | null }>({});
  // The address has a second factor: the code opened no session yet (docs/identity.md).
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(null);
  const sendCode = useSubmit(requestCode);
  const verify = useSubmit(verifyCode);
  const name = ended?.tenantName ?? null;
  const sharer = useSharer(tenantId, ended ? null : shareId);
  const sharedBy = sharer.brand?.name ?? sharer.name;

  async function askForCode() {
    verify.reset();
    const res = await sendCode.run(tenantId, email.trim());
    if (res?.ok) {
      setStep('code');
      setCode('');
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (step === 'email') {
      const emailError = emailProblem(email);
      setErrors({ email: emailError });
      if (!emailError) await askForCode();
      return;
    }
    const checked = checkCode(code, SHARED_CODE_DIGITS, 'empty');
    const codeError =
      checked.error === null ? null : checked.code ? 'check.codeDigits' : 'check.codeEmpty';
    setErrors({ code: codeError });
    if (codeError) return;
    const res = await verify.run(tenantId, email.trim(), checked.code);
    const methods = res?.ok ? secondStepOf(res.data) : null;
    if (methods) setSecondStep(methods);
    else if (res?.ok) done();
  }

  function done() {
    navigate(sharedUserHome(tenantId), { replace: true, signedIn: true });
  }

  const digits = { digits: SHARED_CODE_DIGITS };
  return (
    <Card
      brand={sharer.brand}
      homeLabel={t('page.home')}
      title={ended ? t('ended.title') : t('signin.title')}
      description={
        ended
          ? undefined
          : sharedBy
            ? t('signin.intro', { sharer: sharedBy })
            : t('signin.introSomeone')
      }
      footer={
        <div className="stack">
          <p className="small">
            {rich(
              t,
              'signin.member',
              {},
              {
                link: <Link to="/signin">{t('signin.memberLink')}</Link>,
              },
            )}
          </p>
          <LanguageSwitcher label={t('lang.label')} />
        </div>
      }
    >
      {ended ? (
        <Notice
          tone="warning"
          title={name ? t('ended.removedNamed', { name }) : t('ended.removed')}
        >
          {name ? t('ended.bodyNamed') : t('ended.body')}
        </Notice>
      ) : null}
      {secondStep ? <SecondFactorStep methods={secondStep} onDone={done} t={t} /> : null}
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={t('signin.form')}
        className="stack"
        hidden={secondStep !== null}
      >
        {step === 'email' ? (
          <>
            {sendCode.error ? (
              <Notice tone="error">{t(sharedSignInErrorKey(sendCode.error, 'code'))}</Notice>
            ) : null}
            <Field
              label={t('signin.email')}
              type="email"
              autoComplete="email"
              hint={t('signin.emailHint')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email ? t(errors.email) : null}
            />
            <Submit busy={sendCode.busy}>{t('signin.sendCode')}</Submit>
          </>
        ) : (
          <>
            <Notice tone="success">
              {rich(
                t,
                'signin.codeSent',
                { minutes: CODE_MINUTES },
                { email: <strong>{email.trim()}</strong> },
              )}
            </Notice>
            {verify.error ? (
              <Notice tone="error">{t(sharedSignInErrorKey(verify.error, 'verify'))}</Notice>
            ) : null}
            <Field
              label={t('signin.code')}
              hint={t('signin.codeHint', digits)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={errors.code ? t(errors.code, digits) : null}
              autoFocus
            />
            <Submit busy={verify.busy}>{t('signin.submit')}</Submit>
            <p className="split small">
              <TextButton
                onClick={() => {
                  setStep('email');
                  setErrors({});
                  verify.reset();
                }}
              >
                {t('signin.otherAddress')}
              </TextButton>
              <TextButton onClick={() => void askForCode()} disabled={sendCode.busy}>
                {t('signin.newCode')}
              </TextButton>
            </p>
          </>
        )}
      </form>
    </Card>
  );
}

/** What is wrong with the typed address, as a message key (checkEmail's rules). */
function emailProblem(value: string): GuestKey | null {
  if (!value.trim()) return 'check.emailEmpty';
  return checkEmail(value) ? 'check.emailInvalid' : null;
}
