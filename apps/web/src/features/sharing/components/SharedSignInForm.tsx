import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useRequestSharedCode } from '../api/request-shared-code.ts';
import { useVerifySharedCode } from '../api/verify-shared-code.ts';
import {
  SharedCodeRequestFormSchema,
  SharedVerifyFormSchema,
  sharedSignInErrorMessage,
} from '../lib/sharing-messages.ts';

const validateRequest = schemaResolver(SharedCodeRequestFormSchema, { sync: true });
const validateVerify = schemaResolver(SharedVerifyFormSchema, { sync: true });

/**
 * Shared sign-in in two steps: the e-mail address the tenant was shared with → "Send code",
 * then the 6-digit code from the e-mail → "Sign in". Messages never reveal whether the address
 * has a share (a refused code shows one generic message, never the server's field errors).
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
  const form = useForm({
    initialValues: { email: '', code: '' },
    validate: step === 'email' ? validateRequest : validateVerify,
  });
  const email = form.values.email.trim();

  function sendCode() {
    verify.reset();
    requestCode.mutate(email, {
      onSuccess: () => {
        setStep('code');
        form.setFieldValue('code', '');
      },
    });
  }

  if (step === 'email') {
    return (
      <form onSubmit={form.onSubmit(sendCode)} noValidate aria-label="Shared sign-in">
        <Stack gap="sm">
          {requestCode.isError ? (
            <ErrorAlert>{sharedSignInErrorMessage(requestCode.error, 'code')}</ErrorAlert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            description="The address the client tenant was shared with"
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={requestCode.isPending} fullWidth mt="xs">
            Send code
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        verify.mutate(SharedVerifyFormSchema.parse(values), { onSuccess: () => onSignedIn() }),
      )}
      noValidate
      aria-label="Shared sign-in"
    >
      <Stack gap="sm">
        <Alert
          color="teal"
          variant="light"
          role="status"
          icon={<IconMailCheck size={18} aria-hidden />}
        >
          Enter the code we sent to <strong>{email}</strong>. If this address has access, the e-mail
          arrives within a minute; the code is valid for 10 minutes.
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
          {...form.getInputProps('code')}
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
              form.clearErrors();
              verify.reset();
            }}
          >
            Use another address
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={sendCode}
            disabled={requestCode.isPending}
          >
            Send a new code
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
