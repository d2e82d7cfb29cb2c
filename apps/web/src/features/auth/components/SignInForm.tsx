import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSignIn } from '../api/sign-in.ts';
import { signInErrorMessage, validateEmail } from '../lib/auth-messages.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = {
      email: validateEmail(email) ?? undefined,
      password: password ? undefined : 'Enter your password',
    };
    setErrors(next);
    if (next.email || next.password) return;
    signIn.mutate({ email: email.trim(), password }, { onSuccess: () => onSignedIn() });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="sm">
        {signIn.isError ? <ErrorAlert>{signInErrorMessage(signIn.error)}</ErrorAlert> : null}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" loading={signIn.isPending} fullWidth mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
