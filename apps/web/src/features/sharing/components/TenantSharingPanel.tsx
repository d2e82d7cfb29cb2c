import { can, type AccountRole } from '@tenantry/shared';
import { Card, Stack, Text, Title } from '@mantine/core';
import { UpgradePrompt } from '#web/components/UpgradePrompt.tsx';
import type { PlanRefusal } from '#web/lib/billing-errors.ts';
import { useTenantShares } from '../api/list-tenant-shares.ts';
import { t } from '../messages.ts';
import { ShareForm } from './ShareForm.tsx';
import { SharesTable } from './SharesTable.tsx';

/**
 * The `sharing` tab of a client tenant: who it is shared with, their role, and (for roles
 * with sharing.manage) sharing with a new address, changing a role and revoking. `myRole` is
 * the member's role in the tenant's account (null for a shared user).
 */
export function TenantSharingPanel({
  tenantId,
  myRole,
  planLock = null,
}: {
  tenantId: string;
  myRole: AccountRole | null;
  /** The plan refuses sharing (not in it, or read-only): the lock instead of the form. */
  planLock?: PlanRefusal | null;
}) {
  const shares = useTenantShares(tenantId);
  const canManage = can(myRole, 'sharing.manage');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('tenant.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('tenant.intro')}
        </Text>
      </Stack>
      {canManage && planLock ? <UpgradePrompt refusal={planLock} /> : null}
      {canManage && !planLock ? (
        <Card withBorder padding="md">
          <ShareForm tenantId={tenantId} />
        </Card>
      ) : null}
      <SharesTable
        shares={shares}
        canManage={canManage}
        label={t('tenant.tableLabel')}
        empty={t('tenant.empty')}
      />
    </Stack>
  );
}
