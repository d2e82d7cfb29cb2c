import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useResetPassword } from '../api/password-reset.ts';
import { NEW_PASSWORD_HINT, ResetPasswordFormSchema } from '../lib/auth-forms.ts';
import { genericErrorMessage } from '../lib/auth-messages.ts';

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Request a new one.';

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { password: '' },
    validate: schemaResolver(ResetPasswordFormSchema, { sync: true }),
  });

  const tokenRejected =
    reset.error instanceof ApiError &&
    (reset.error.code === 'INVALID_TOKEN' || reset.error.status === 400);

  return (
    <form
      onSubmit={form.onSubmit(({ password }) =>
        reset.mutate({ token, newPassword: password }, { onSuccess: () => onDone() }),
      )}
      noValidate
      aria-label="Reset password"
    >
      <Stack gap="sm">
        {reset.isError ? (
          <ErrorAlert>
            {tokenRejected ? INVALID_RESET_LINK : genericErrorMessage(reset.error)}
          </ErrorAlert>
        ) : null}
        <PasswordInput
          label="New password"
          description={NEW_PASSWORD_HINT}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth mt="xs">
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
