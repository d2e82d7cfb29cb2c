import type { CurrentUser } from '@tenantry/shared';
import { Alert, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { formatDate } from '#web/lib/format.ts';
import { t } from '../messages.ts';

/**
 * On every page of the main layout while the account is suspended by the service's staff
 * (CurrentUser.accountSuspension): its people can sign in and read, nothing can be changed
 * (every write answers 423 `account.suspended`), and they are told why.
 */
export function AccountSuspendedBanner({ user }: { user: CurrentUser }) {
  const s = user.accountSuspension;
  if (!s) return null;
  return (
    <Alert
      color="red"
      variant="light"
      mb="md"
      icon={<IconLock size={18} aria-hidden />}
      title={t('suspended.title')}
      role="alert"
      data-testid="account-suspended-banner"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('suspended.body', {
          since: formatDate(s.since),
          reason: s.reason || t('suspended.noReason'),
        })}
      </Text>
    </Alert>
  );
}
