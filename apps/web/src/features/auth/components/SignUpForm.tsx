import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useSignUp } from '../api/sign-up.ts';
import { NEW_PASSWORD_HINT, SignUpFormSchema } from '../lib/auth-forms.ts';
import { signUpErrorMessage } from '../lib/auth-messages.ts';

/** Better Auth's codes for a password it refuses: shown under the password field. */
const PASSWORD_CODES = new Set(['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'INVALID_PASSWORD']);

const isPasswordError = (err: unknown) => err instanceof ApiError && PASSWORD_CODES.has(err.code);

export function SignUpForm({
  onDone,
  initialEmail = '',
}: {
  /** After the sign-up request: `signedIn` false means the code step comes next. */
  onDone: (result: { signedIn: boolean; email: string }) => void;
  /** Prefilled address (an invitation link passes the invited one). */
  initialEmail?: string;
}) {
  const signUp = useSignUp();
  const form = useForm({
    initialValues: { name: '', email: initialEmail, password: '' },
    validate: schemaResolver(SignUpFormSchema, { sync: true }),
    transformValues: (values) => SignUpFormSchema.parse(values),
  });

  return (
    <form
      onSubmit={form.onSubmit((input) =>
        signUp.mutate(input, {
          onSuccess: (result) => onDone({ ...result, email: input.email }),
          onError: (err) => {
            if (isPasswordError(err)) form.setFieldError('password', err.message);
          },
        }),
      )}
      noValidate
      aria-label="Create your account"
    >
      <Stack gap="sm">
        {signUp.isError && !isPasswordError(signUp.error) ? (
          <ErrorAlert>{signUpErrorMessage(signUp.error)}</ErrorAlert>
        ) : null}
        <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description={NEW_PASSWORD_HINT}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={signUp.isPending} fullWidth mt="xs">
          Create account
        </Button>
      </Stack>
    </form>
  );
}
