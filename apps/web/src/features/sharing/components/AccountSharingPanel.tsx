import { can, type AccountRole } from '@tenantry/shared';
import { Stack, Text, Title } from '@mantine/core';
import { useAccountShares } from '../api/list-account-shares.ts';
import { t } from '../messages.ts';
import { SharesTable } from './SharesTable.tsx';

/** `admin/sharing`: every active share of the account, with links to its client tenant. */
export function AccountSharingPanel({ myRole }: { myRole: AccountRole }) {
  const shares = useAccountShares();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('account.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('account.intro')}
        </Text>
      </Stack>
      <SharesTable
        shares={shares}
        canManage={can(myRole, 'sharing.manage')}
        withTenant
        label={t('account.tableLabel')}
        empty={t('account.empty')}
      />
    </Stack>
  );
}
