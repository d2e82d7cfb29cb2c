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
import {
  SHARED_CODE_HINT,
  checkCode,
  checkEmail,
  sharedSignInErrorMessage,
} from '../lib/messages.ts';
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
  const [ended] = useState(() => endedShareOf(tenantId));
  // Said once: the next visit is an ordinary shared sign-in.
  useEffect(() => {
    if (ended) forgetSession();
  }, [ended]);
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; code?: string | null }>({});
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
      const emailError = checkEmail(email, 'Enter an e-mail address');
      setErrors({ email: emailError });
      if (!emailError) await askForCode();
      return;
    }
    const checked = checkCode(code, SHARED_CODE_DIGITS, 'Enter the code from the e-mail');
    setErrors({ code: checked.error });
    if (checked.error) return;
    const res = await verify.run(tenantId, email.trim(), checked.code);
    const methods = res?.ok ? secondStepOf(res.data) : null;
    if (methods) setSecondStep(methods);
    else if (res?.ok) done();
  }

  function done() {
    navigate(sharedUserHome(tenantId), { replace: true, signedIn: true });
  }

  return (
    <Card
      brand={sharer.brand}
      title={ended ? 'Your access has ended' : 'Shared sign-in'}
      description={
        ended
          ? undefined
          : `${sharedBy ?? 'Someone'} shared a client tenant with you. Sign in with a one-time code sent to your e-mail address; no password needed.`
      }
      footer={
        <p className="small">
          Have a Tenantry account? <Link to="/signin">Sign in</Link>
        </p>
      }
    >
      {ended ? (
        <Notice
          tone="warning"
          title={name ? `Your access to ${name} was removed` : 'Your access was removed'}
        >
          The account that shared {name ? 'it' : 'this client tenant'} with you removed your access,
          or your sign-in ended. If it is still shared with you, sign in again with a new code
          below; otherwise ask the person who shared it.
        </Notice>
      ) : null}
      {secondStep ? <SecondFactorStep methods={secondStep} onDone={done} /> : null}
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label="Shared sign-in"
        className="stack"
        hidden={secondStep !== null}
      >
        {step === 'email' ? (
          <>
            {sendCode.error ? (
              <Notice tone="error">{sharedSignInErrorMessage(sendCode.error, 'code')}</Notice>
            ) : null}
            <Field
              label="E-mail"
              type="email"
              autoComplete="email"
              hint="The address the client tenant was shared with"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
            <Submit busy={sendCode.busy}>Send code</Submit>
          </>
        ) : (
          <>
            <Notice tone="success">
              Enter the code we sent to <strong>{email.trim()}</strong>. If this address has access,
              the e-mail arrives within a minute; the code is valid for 10 minutes.
            </Notice>
            {verify.error ? (
              <Notice tone="error">{sharedSignInErrorMessage(verify.error, 'verify')}</Notice>
            ) : null}
            <Field
              label="Code"
              hint={SHARED_CODE_HINT}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={errors.code}
              autoFocus
            />
            <Submit busy={verify.busy}>Sign in</Submit>
            <p className="split small">
              <TextButton
                onClick={() => {
                  setStep('email');
                  setErrors({});
                  verify.reset();
                }}
              >
                Use another address
              </TextButton>
              <TextButton onClick={() => void askForCode()} disabled={sendCode.busy}>
                Send a new code
              </TextButton>
            </p>
          </>
        )}
      </form>
    </Card>
  );
}
