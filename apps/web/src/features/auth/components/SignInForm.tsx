import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useSignIn } from '../api/sign-in.ts';
import { SignInFormSchema } from '../lib/auth-forms.ts';
import { signInErrorMessage } from '../lib/auth-messages.ts';

export function SignInForm({
  onSignedIn,
  onUnproven,
}: {
  onSignedIn: () => void;
  /** The password was right but the address is not proven yet: the code step comes next. */
  onUnproven?: (email: string) => void;
}) {
  const signIn = useSignIn();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(SignInFormSchema, { sync: true }),
    transformValues: (values) => SignInFormSchema.parse(values),
  });

  return (
    <form
      onSubmit={form.onSubmit((input) =>
        signIn.mutate(input, {
          onSuccess: () => onSignedIn(),
          onError: (err) => {
            if (onUnproven && err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') {
              onUnproven(input.email);
            }
          },
        }),
      )}
      noValidate
      aria-label="Sign in"
    >
      <Stack gap="sm">
        {signIn.isError ? <ErrorAlert>{signInErrorMessage(signIn.error)}</ErrorAlert> : null}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={signIn.isPending} fullWidth mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
