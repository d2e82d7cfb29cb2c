import type { TenantSummary } from '@tenantry/shared';
import { Button, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBuilding, IconDownload, IconPlus } from '@tabler/icons-react';
import { PagedList } from '#web/components/PagedList.tsx';
import { useTenantList } from '../api/list-tenants.ts';
import { tenantCsvHref } from '../lib/list-query.ts';
import { TenantListFilters, useTenantListControls } from './TenantListFilters.tsx';
import { TenantTable } from './TenantTable.tsx';
import { t } from '../messages.ts';

const tenantHref = (t: TenantSummary) => `/tenant/${encodeURIComponent(t.id)}/overview`;
const tasksHref = (t: TenantSummary) =>
  `/tenant/${encodeURIComponent(t.id)}/remediation?status=open`;

/** The client tenants of my account: search, tag, sort, archived filter, "Load more". */
export function TenantList({ onCreate }: { onCreate: () => void }) {
  const { controls, update, filters, filtered } = useTenantListControls();
  const list = useTenantList(filters);
  const tenants = list.data?.pages.flatMap((p) => p.tenants) ?? [];

  if (list.isSuccess && tenants.length === 0 && !filtered && !controls.showArchived) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <IconBuilding size={40} aria-hidden />
          <Title order={2} size="h3">
            {t('list.empty.title')}
          </Title>
          <Text c="dimmed" maw={420}>
            {t('list.empty.body')}
          </Text>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onCreate}>
            {t('list.empty.create')}
          </Button>
          <Switch
            label={t('list.showArchived')}
            checked={controls.showArchived}
            onChange={(e) => update({ showArchived: e.currentTarget.checked })}
          />
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="md">
      <TenantListFilters controls={controls} onChange={update}>
        <Button
          component="a"
          href={tenantCsvHref(filters)}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          ml="auto"
        >
          {t('list.csv')}
        </Button>
      </TenantListFilters>

      <PagedList query={list} count={tenants.length} noun={t('list.noun')} skeletons={6}>
        <TenantTable tenants={tenants} hrefFor={tenantHref} tasksHrefFor={tasksHref} />
      </PagedList>
    </Stack>
  );
}
