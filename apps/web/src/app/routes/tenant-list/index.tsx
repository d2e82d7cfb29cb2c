import { SCREEN_TITLES } from '@tenantry/shared';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { UpgradePrompt } from '#web/components/UpgradePrompt.tsx';
import { useAccount } from '#web/features/account/api/get-account.ts';
import { usePlanLock, useRefreshBilling } from '#web/features/billing/api/get-billing.ts';
import { CreateTenantModal } from '#web/features/tenants/components/CreateTenantModal.tsx';
import { TenantList } from '#web/features/tenants/components/TenantList.tsx';

export default function TenantListScreen() {
  const [creating, setCreating] = useState(false);
  const account = useAccount();
  // At the plan's limit of client tenants, the lock and the way to the plans show before the
  // form, not after it was filled and refused.
  const planLock = usePlanLock(account.data, { limit: 'tenants' });
  const refreshBilling = useRefreshBilling();
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.tenantList}
        description="The organisations your account assesses."
        actions={
          planLock ? null : (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setCreating(true)}
            >
              New client tenant
            </Button>
          )
        }
      />
      {planLock ? <UpgradePrompt refusal={planLock} mb="md" /> : null}
      <TenantList onCreate={() => setCreating(true)} />
      <CreateTenantModal
        opened={creating}
        onClose={() => {
          setCreating(false);
          // The usage changed (or may have): the next lock is read from the plan again.
          void refreshBilling();
        }}
      />
    </>
  );
}
