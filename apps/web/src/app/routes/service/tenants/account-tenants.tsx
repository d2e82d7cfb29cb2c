import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBuilding } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PagedList } from '#web/components/PagedList.tsx';
import {
  TenantListFilters,
  useTenantListControls,
} from '#web/features/tenants/components/TenantListFilters.tsx';
import { TenantTable } from '#web/features/tenants/components/TenantTable.tsx';
import { SupportAccessButton } from '#web/features/service-console/support-access/components/SupportAccessButton.tsx';
import { useDrillTenantList } from '#web/features/service-console/tenants/api/tenants-api.ts';
import { drillHrefs } from '#web/features/service-console/tenants/lib/drill-view.ts';
import { t } from '../../../messages.ts';

/**
 * service/tenants/{accountId}: the account's client tenants as its own tenant list shows them
 * (search, tag, sort, archived, "Load more"), each linking to its read-only page here.
 */
export function AccountTenantsPanel({ accountId }: { accountId: string }) {
  const href = drillHrefs(accountId);
  const { controls, update, filters, filtered } = useTenantListControls();
  const list = useDrillTenantList(accountId, filters);
  const tenants = list.data?.pages.flatMap((p) => p.tenants) ?? [];
  const account = list.data?.pages[0]?.account;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={href.accountPage} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> {account ? account.name : t('drill.theAccount')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} flex="1 1 240px">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {account ? t('drill.tenantsOf', { name: account.name }) : t('drill.tenants')}
          </Title>
          <Group gap="xs">
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('drill.accountId', { id: accountId })}
            </Text>
            {account?.suspended ? (
              <Badge color="red" variant="light" size="sm">
                {t('drill.suspended')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <SupportAccessButton accountId={accountId} />
      </Group>
      <TenantListFilters controls={controls} onChange={update} />
      <PagedList
        query={list}
        count={tenants.length}
        noun={t('drill.tenants.noun')}
        skeletons={6}
        empty={
          filtered || controls.showArchived ? undefined : (
            <Card withBorder padding="xl" radius="md">
              <Stack align="center" gap="sm" ta="center">
                <IconBuilding size={36} aria-hidden />
                <Text fw={600}>{t('drill.tenants.empty.title')}</Text>
                <Text c="dimmed" size="sm">
                  {t('drill.tenants.empty.body')}
                </Text>
              </Stack>
            </Card>
          )
        }
      >
        <TenantTable
          tenants={tenants}
          hrefFor={(t) => href.tenant(t.id)}
          tasksHrefFor={(t) => `${href.tab(t.id, 'remediation')}?status=open`}
        />
      </PagedList>
    </Stack>
  );
}
