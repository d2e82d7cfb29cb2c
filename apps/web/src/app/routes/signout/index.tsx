import { screenTitle } from '#web/lib/labels.ts';
import { Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { useSignOut } from '#web/features/auth/api/sign-out.ts';
import { t } from '../../messages.ts';

/** Signs out on the server, forgets this user's cached data, then goes to /signin. */
export default function SignOutScreen() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate('/signin', { replace: true }));
  }, [signOut, navigate]);
  return (
    <AuthCard title={screenTitle('signout')}>
      <Text size="sm" role="status">
        <Loader size="xs" mr="xs" aria-hidden />
        {t('signout.status')}
      </Text>
    </AuthCard>
  );
}
