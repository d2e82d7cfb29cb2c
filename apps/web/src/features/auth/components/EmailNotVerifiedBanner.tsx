import { Alert, Anchor, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useResendVerification } from '../api/verify-email.ts';
import { t } from '../messages.ts';

/** Shown in the main layout while the user's e-mail address is not verified. */
export function EmailNotVerifiedBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailExclamation size={18} aria-hidden />}
      title={t('banner.title')}
      mb="md"
    >
      <Text size="sm">
        {t('banner.sent', { email })}{' '}
        {resend.isSuccess ? (
          t('banner.resent')
        ) : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(email)}
          >
            {t('banner.resend')}
          </Anchor>
        )}
        {resend.isError ? ` ${t('banner.resendFailed')}` : null}
      </Text>
    </Alert>
  );
}
