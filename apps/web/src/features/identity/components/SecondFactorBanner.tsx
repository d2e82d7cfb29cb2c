import type { CurrentUser } from '@tenantry/shared';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { formatDateTime } from '#web/lib/format.ts';
import { t } from '../messages.ts';

/**
 * Shown in the main layout while the account requires a second factor this member has not set
 * up, during their days to do so (after them the app opens only admin/security).
 */
export function SecondFactorBanner({ user }: { user: CurrentUser }) {
  const { pathname } = useLocation();
  const claim = user.secondFactor;
  if (!claim?.required || claim.enrolled || !claim.enrolBy) return null;
  if (pathname === '/admin/security') return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldLock size={18} aria-hidden />}
      title={t('banner.title')}
      mb="md"
    >
      <Text size="sm">
        {t('banner.body', { date: formatDateTime(claim.enrolBy) })}{' '}
        <Anchor component={Link} to="/admin/security" size="sm">
          {t('banner.link')}
        </Anchor>
      </Text>
    </Alert>
  );
}
