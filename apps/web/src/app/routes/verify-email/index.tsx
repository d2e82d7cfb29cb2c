import { screenTitle } from '#web/lib/labels.ts';
import { Alert, Anchor, Loader, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { useVerifyEmail } from '#web/features/auth/api/verify-email.ts';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { t } from '../../messages.ts';

/**
 * /verify-email?token=… verifies here; /verify-email?status=verified[&error=CODE] is where
 * Better Auth's own verification link lands after it has done the work.
 */
export default function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const verify = useVerifyEmail(token && !params.has('error') ? token : null);

  let state: 'pending' | 'ok' | 'failed';
  if (params.has('error') || (!token && params.get('status') !== 'verified')) state = 'failed';
  else if (!token) state = 'ok';
  else state = verify.isSuccess ? 'ok' : verify.isError ? 'failed' : 'pending';

  return (
    <AuthCard title={screenTitle('verifyEmail')}>
      {state === 'pending' ? (
        <Text size="sm" role="status">
          <Loader size="xs" mr="xs" aria-hidden />
          {t('verifyEmail.pending')}
        </Text>
      ) : null}
      {state === 'ok' ? (
        <>
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden />}
            role="status"
          >
            {t('verifyEmail.ok')}
          </Alert>
          <Anchor component={Link} to="/">
            {t('verifyEmail.continue')}
          </Anchor>
        </>
      ) : null}
      {state === 'failed' ? (
        <>
          <ErrorAlert>{t('verifyEmail.failed')}</ErrorAlert>
          <Anchor component={Link} to="/">
            {t('verifyEmail.home')}
          </Anchor>
        </>
      ) : null}
    </AuthCard>
  );
}
