import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useRequestSharedCode, useVerifySharedCode } from '../api/shared-signin.ts';
import { normaliseCode, sharedSignInErrorMessage, validateEmail } from '../lib/sharing-messages.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';

/**
 * Shared sign-in in two steps: the e-mail address the tenant was shared with → "Send code",
 * then the 6-digit code from the e-mail → "Sign in". Messages never reveal whether the address
 * has a share.
 */
export function SharedSignInForm({
  tenantId,
  onSignedIn,
}: {
  tenantId: string;
  onSignedIn: () => void;
}) {
  const requestCode = useRequestSharedCode(tenantId);
  const verify = useVerifySharedCode(tenantId);
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  function sendCode(e?: FormEvent) {
    e?.preventDefault();
    const error = validateEmail(email);
    setFieldError(error);
    if (error) return;
    verify.reset();
    requestCode.mutate(email.trim(), {
      onSuccess: () => {
        setStep('code');
        setCode('');
      },
    });
  }

  function signIn(e: FormEvent) {
    e.preventDefault();
    const { code: clean, error } = normaliseCode(code);
    setFieldError(error);
    if (error) return;
    verify.mutate({ email: email.trim(), code: clean }, { onSuccess: () => onSignedIn() });
  }

  if (step === 'email') {
    return (
      <form onSubmit={sendCode} noValidate aria-label="Shared sign-in">
        <Stack gap="sm">
          {requestCode.isError ? (
            <ErrorAlert>{sharedSignInErrorMessage(requestCode.error, 'code')}</ErrorAlert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            description="The address the client tenant was shared with"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldError}
          />
          <Button type="submit" loading={requestCode.isPending} fullWidth mt="xs">
            Send code
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={signIn} noValidate aria-label="Shared sign-in">
      <Stack gap="sm">
        <Alert
          color="teal"
          variant="light"
          role="status"
          icon={<IconMailCheck size={18} aria-hidden />}
        >
          Enter the code we sent to <strong>{email.trim()}</strong>. If this address has access, the
          e-mail arrives within a minute; the code is valid for 10 minutes.
        </Alert>
        {verify.isError ? (
          <ErrorAlert>{sharedSignInErrorMessage(verify.error, 'verify')}</ErrorAlert>
        ) : null}
        <TextInput
          label="Code"
          description="6 digits"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={fieldError}
          data-autofocus
        />
        <Button type="submit" loading={verify.isPending} fullWidth mt="xs">
          Sign in
        </Button>
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setStep('email');
              setFieldError(null);
              verify.reset();
            }}
          >
            Use another address
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => sendCode()}
            disabled={requestCode.isPending}
          >
            Send a new code
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
