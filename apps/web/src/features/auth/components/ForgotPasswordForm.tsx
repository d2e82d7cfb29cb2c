import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { ForgotPasswordFormSchema } from '../lib/auth-forms.ts';
import { RESET_LINK_SENT, genericErrorMessage } from '../lib/auth-messages.ts';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(ForgotPasswordFormSchema, { sync: true }),
    transformValues: (values) => ForgotPasswordFormSchema.parse(values),
  });

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
    <form
      onSubmit={form.onSubmit(({ email }) =>
        request.mutate(email, {
          // Same answer whether or not the account exists; only transport problems differ.
          onSettled: (_data, err) => {
            if (!err || (err instanceof ApiError && err.status !== 0 && err.status !== 429))
              setSent(true);
          },
        }),
      )}
      noValidate
      aria-label="Forgot password"
    >
      <Stack gap="sm">
        {request.isError ? <ErrorAlert>{genericErrorMessage(request.error)}</ErrorAlert> : null}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={request.isPending} fullWidth mt="xs">
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
