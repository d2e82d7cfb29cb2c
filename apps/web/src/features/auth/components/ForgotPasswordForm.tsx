import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ApiError } from '#web/lib/api.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { RESET_LINK_SENT, genericErrorMessage, validateEmail } from '../lib/auth-messages.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateEmail(email);
    setError(invalid ?? undefined);
    if (invalid) return;
    request.mutate(email.trim(), {
      // Same answer whether or not the account exists; only transport problems differ.
      onSettled: (_data, err) => {
        if (!err || (err instanceof ApiError && err.status !== 0 && err.status !== 429))
          setSent(true);
      },
    });
  }

  if (sent) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconMailCheck size={18} aria-hidden />}
        role="status"
      >
        {RESET_LINK_SENT}. It expires soon; check your spam folder if it does not arrive.
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
      <Stack gap="sm">
        {request.isError ? <ErrorAlert>{genericErrorMessage(request.error)}</ErrorAlert> : null}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" loading={request.isPending} fullWidth mt="xs">
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
