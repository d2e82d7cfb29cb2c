import { Anchor, Button, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { AccountLifecycleCard } from '../../components/AccountLifecycleCard.tsx';
import { t } from '../../messages.ts';
import { useServiceAccount } from '../api/accounts-api.ts';
import {
  ActivityCard,
  MembersCard,
  PlanUsageCard,
  TenantsCard,
  TicketsCard,
} from './AccountCards.tsx';
import { AccountHeader } from './AccountHeader.tsx';
import type { DescribeEntry } from './AccountSection.tsx';
import { StaffNotesCard } from './StaffNotesCard.tsx';

/**
 * service/accounts/{id}: one account for system admins — its members, client tenants, plan and
 * usage, activity and audit, support tickets and staff notes; suspend or restore it, transfer
 * its ownership, extend its trial or comp a plan, export or delete it.
 */
export function AccountPage({ id, describe }: { id: string; describe: DescribeEntry }) {
  const account = useServiceAccount(id);
  if (account.isPending) {
    return (
      <Stack gap="md" aria-label={t('account.loading')} aria-busy>
        <Skeleton height={48} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={160} />
          <Skeleton height={160} />
        </SimpleGrid>
      </Stack>
    );
  }
  if (account.isError) {
    return (
      <Stack gap="sm">
        <ErrorAlert title={t('account.loadFailed')} error={account.error}>
          {account.error.message}
        </ErrorAlert>
        <Group>
          <Button variant="default" onClick={() => void account.refetch()}>
            {t('account.retry')}
          </Button>
          <Anchor component={Link} to="/service/accounts">
            {t('account.all')}
          </Anchor>
        </Group>
      </Stack>
    );
  }
  const d = account.data;
  return (
    <Stack gap="md">
      <AccountHeader d={d} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MembersCard d={d} />
        <PlanUsageCard d={d} />
        <TenantsCard d={d} />
        <ActivityCard d={d} describe={describe} />
        <TicketsCard d={d} />
        <StaffNotesCard d={d} />
      </SimpleGrid>
      <AccountLifecycleCard accountId={d.id} />
    </Stack>
  );
}
