import { SIGNUP_CODE_LENGTH, SignUpVerifySchema } from '@tenantry/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useRequestSignUpCode } from '../api/request-sign-up-code.ts';
import { useVerifySignUp } from '../api/verify-sign-up.ts';
import { genericErrorMessage } from '../lib/auth-messages.ts';

/**
 * The second step of sign-up (and of a sign-in whose address is not proven yet): the code
 * e-mailed to `email`. Entering it signs in.
 */
export function SignUpCodeForm({ email, onDone }: { email: string; onDone: () => void }) {
  const verify = useVerifySignUp();
  const resend = useRequestSignUpCode();
  const form = useForm({
    initialValues: { email, code: '' },
    validate: schemaResolver(SignUpVerifySchema, { sync: true }),
  });

  return (
    <form
      onSubmit={form.onSubmit((input) =>
        verify.mutate(input, {
          onSuccess: onDone,
          onError: (err) => applyServerErrors(form, err),
        }),
      )}
      noValidate
      aria-label="Enter the code"
    >
      <Stack gap="sm">
        <Text size="sm">
          We sent a {SIGNUP_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it to finish:
          it is valid for 10 minutes.
        </Text>
        {verify.isError && !(form.errors.code || form.errors.email) ? (
          <ErrorAlert>{genericErrorMessage(verify.error)}</ErrorAlert>
        ) : null}
        <TextInput
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SIGNUP_CODE_LENGTH + 2}
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={verify.isPending} fullWidth mt="xs">
          Continue
        </Button>
        {resend.isSuccess ? (
          <Alert color="teal" variant="light" role="status">
            A new code is on its way to {email}.
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          No e-mail? Check your spam folder, or{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(email)}
          >
            send a new code
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}
