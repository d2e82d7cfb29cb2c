import { Alert, Anchor, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useResendVerification } from '../api/verify-email.ts';

/** Shown in the main layout while the user's e-mail address is not verified. */
export function EmailNotVerifiedBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailExclamation size={18} aria-hidden />}
      title="Please verify your e-mail address"
      mb="md"
    >
      <Text size="sm">
        We sent a verification link to {email}.{' '}
        {resend.isSuccess ? (
          'A new link is on its way.'
        ) : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(email)}
          >
            Send the link again
          </Anchor>
        )}
        {resend.isError ? ' Sending failed, please try again later.' : null}
      </Text>
    </Alert>
  );
}
