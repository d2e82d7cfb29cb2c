import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '#web/lib/api.ts';
import { useSignUp } from '../api/sign-up.ts';
import {
  PASSWORD_MIN,
  signUpErrorMessage,
  validateEmail,
  validateNewPassword,
} from '../lib/auth-messages.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';

interface Errors {
  name?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
}

const PASSWORD_CODES = new Set(['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'INVALID_PASSWORD']);

export function SignUpForm({
  onDone,
  initialEmail = '',
}: {
  onDone: (result: { signedIn: boolean }) => void;
  /** Prefilled address (an invitation link passes the invited one). */
  initialEmail?: string;
}) {
  const signUp = useSignUp();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {
      name: name.trim() ? undefined : 'Enter your name',
      email: validateEmail(email) ?? undefined,
      password: validateNewPassword(password) ?? undefined,
    };
    setErrors(next);
    if (next.name || next.email || next.password) return;
    signUp.mutate(
      { name: name.trim(), email: email.trim(), password },
      {
        onSuccess: onDone,
        onError: (err) => {
          if (err instanceof ApiError && err.code && PASSWORD_CODES.has(err.code)) {
            setErrors({ password: err.message });
          }
        },
      },
    );
  }

  const passwordError =
    signUp.error instanceof ApiError && signUp.error.code && PASSWORD_CODES.has(signUp.error.code);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create your account">
      <Stack gap="sm">
        {signUp.isError && !passwordError ? (
          <ErrorAlert>{signUpErrorMessage(signUp.error)}</ErrorAlert>
        ) : null}
        <TextInput
          label="Name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
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
          description={`At least ${PASSWORD_MIN} characters`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" loading={signUp.isPending} fullWidth mt="xs">
          Create account
        </Button>
      </Stack>
    </form>
  );
}
