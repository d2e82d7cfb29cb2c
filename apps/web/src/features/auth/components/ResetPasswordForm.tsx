import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '#web/lib/api.ts';
import { useResetPassword } from '../api/password-reset.ts';
import { PASSWORD_MIN, genericErrorMessage, validateNewPassword } from '../lib/auth-messages.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Request a new one.';

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateNewPassword(password);
    setError(invalid ?? undefined);
    if (invalid) return;
    reset.mutate({ token, newPassword: password }, { onSuccess: () => onDone() });
  }

  const tokenRejected =
    reset.error instanceof ApiError &&
    (reset.error.code === 'INVALID_TOKEN' || reset.error.status === 400);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset password">
      <Stack gap="sm">
        {reset.isError ? (
          <ErrorAlert>
            {tokenRejected ? INVALID_RESET_LINK : genericErrorMessage(reset.error)}
          </ErrorAlert>
        ) : null}
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN} characters`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" loading={reset.isPending} fullWidth mt="xs">
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
