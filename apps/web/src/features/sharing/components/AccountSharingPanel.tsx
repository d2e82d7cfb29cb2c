import { can, type AccountRole } from '@tenantry/shared';
import { Stack, Text, Title } from '@mantine/core';
import { useAccountShares } from '../api/list-account-shares.ts';
import { SharesTable } from './SharesTable.tsx';

/** `admin/sharing`: every active share of the account, with links to its client tenant. */
export function AccountSharingPanel({ myRole }: { myRole: AccountRole }) {
  const shares = useAccountShares();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h4">
          Shared client tenants
        </Title>
        <Text size="sm" c="dimmed">
          Everyone outside your account who can open one of your client tenants. Share a tenant from
          its Sharing tab.
        </Text>
      </Stack>
      <SharesTable
        shares={shares}
        canManage={can(myRole, 'sharing.manage')}
        withTenant
        label="Shares of this account"
        empty="No client tenant is shared yet."
      />
    </Stack>
  );
}
