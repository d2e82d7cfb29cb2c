import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { forgetSession, readLastSession } from '#web/features/auth/lib/last-session.ts';
import { nextFromSearch, type SignInState } from '#web/features/auth/lib/next-path.ts';
import { Card, Field, Link, Notice, Submit } from '../components/ui.tsx';
import { request } from '../lib/api.ts';
import { API, secondStepOf, type SecondFactorMethod } from '../lib/contract.ts';
import {
  checkEmail,
  isSsoRequired,
  secondFactorErrorMessage,
  signInErrorMessage,
} from '../lib/messages.ts';
import { navigate, type Place } from '../lib/navigation.ts';
import { ssoReturnOf } from '../lib/sso-return.ts';
import { passkeysSupported, signInWithPasskey } from '../lib/passkey.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import { SignUpCodeStep } from './SignUpCodeStep.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** Single sign-on's form, loaded when asked for (the guest pages' budget: 80 KB gzipped). */
const SsoSignIn = lazy(() => import('./SsoSignIn.tsx').then((m) => ({ default: m.SsoSignIn })));
/** Where to go after signing in: `?next=`, back where the visitor was sent from, else home. */
export function destination(state: SignInState | null, search: string): string {
  const next = nextFromSearch(search);
  if (next) return next;
  const from = state?.from;
  if (!from || !from.pathname.startsWith('/') || from.pathname === '/signout') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

const signIn = (email: string, password: string) =>
  request<unknown>(API.signIn, { body: { email, password } });
const requestCode = (email: string) => request<unknown>(API.signUpCode, { body: { email } });
const passkeySignIn = () => signInWithPasskey();

export function SignInScreen({ place }: { place: Place }) {
  const { state } = place;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  // A right password for an address not proven yet: a code goes out and is asked for here.
  const [unproven, setUnproven] = useState<string | null>(null);
  // The address has a second factor: the password opened no session yet (docs/identity.md).
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(null);
  // "Use single sign-on (SSO)", or back from the identity provider refused: an e-mail only.
  const ssoReturn = ssoReturnOf(place.search);
  const [sso, setSso] = useState(ssoReturn !== null);
  const send = useSubmit(signIn);
  const passkey = useSubmit(passkeySignIn);
  const done = () => navigate(destination(state, place.search), { replace: true, signedIn: true });
  // The "you were signed out" notice is said once; a shared session's memory is the shared
  // sign-in page's to use.
  useEffect(() => {
    if (readLastSession()?.kind === 'member') forgetSession();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = {
      email: checkEmail(email),
      password: password ? null : t('signIn.passwordEmpty'),
    };
    setErrors(next);
    if (next.email || next.password) return;
    const res = await send.run(email.trim(), password);
    const methods = res?.ok ? secondStepOf(res.data) : null;
    if (methods) setSecondStep(methods);
    else if (res?.ok) done();
    else if (res && !res.ok && isSsoRequired(res)) setSso(true);
    else if (res && !res.ok && res.code === 'EMAIL_NOT_VERIFIED') {
      setUnproven(email.trim());
      void requestCode(email.trim());
    }
  }

  return (
    <Card
      title={t('signIn.title')}
      description={t('signIn.description')}
      footer={
        <p className="small">
          {rich(
            t,
            'signIn.newHere',
            {},
            { link: <Link to={`/signup${place.search}`}>{t('signIn.createAccount')}</Link> },
          )}
        </p>
      }
    >
      {state?.ended ? (
        <Notice tone="info" title={t('signIn.ended.title')}>
          {t('signIn.ended.body')}
        </Notice>
      ) : null}
      {state?.notice ? <Notice tone="success">{state.notice}</Notice> : null}
      {secondStep ? (
        <SecondFactorStep methods={secondStep} onDone={done} />
      ) : unproven ? (
        <SignUpCodeStep email={unproven} onDone={done} />
      ) : sso ? (
        <Suspense fallback={<span className="spinner" aria-hidden />}>
          <SsoSignIn
            initialEmail={email}
            next={destination(state, place.search)}
            failure={ssoReturn?.failed ? ssoReturn.error : undefined}
            required={isSsoRequired(send.error) ? send.error : null}
            onPassword={() => {
              send.reset();
              setSso(false);
            }}
          />
        </Suspense>
      ) : (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label={t('signIn.form')}
          className="stack"
        >
          {send.error ? <Notice tone="error">{signInErrorMessage(send.error)}</Notice> : null}
          <Field
            label={t('signIn.email')}
            type="email"
            autoComplete="email"
            // The page is there to sign in: the first field has the focus at once.
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <Field
            label={t('signIn.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <Submit busy={send.busy}>{t('signIn.submit')}</Submit>
          {passkeysSupported() ? (
            <>
              {passkey.error ? (
                <Notice tone="error">{secondFactorErrorMessage(passkey.error)}</Notice>
              ) : null}
              <button
                type="button"
                className="button button-default"
                disabled={passkey.busy}
                aria-busy={passkey.busy || undefined}
                onClick={() => void passkey.run().then((r) => r?.ok && done())}
              >
                {passkey.busy ? <span className="spinner" aria-hidden /> : null}
                {t('signIn.passkey')}
              </button>
            </>
          ) : null}
          <button type="button" className="button button-default" onClick={() => setSso(true)}>
            {t('signIn.sso')}
          </button>
        </form>
      )}
      <p className="end small">
        <Link to="/forgot-password">{t('signIn.forgot')}</Link>
      </p>
    </Card>
  );
}
