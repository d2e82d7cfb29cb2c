import { screenTitle } from '#web/lib/labels.ts';
import { Button, SegmentedControl, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { UpgradePrompt } from '#web/components/UpgradePrompt.tsx';
import { useAccount } from '#web/features/account/api/get-account.ts';
import { usePlanLock, useRefreshBilling } from '#web/features/billing/api/get-billing.ts';
import { CreateTenantModal } from '#web/features/tenants/components/CreateTenantModal.tsx';
import { PortfolioView } from '#web/features/tenants/components/PortfolioView.tsx';
import { TenantList } from '#web/features/tenants/components/TenantList.tsx';
import { readPortfolioView, writePortfolioView } from '#web/features/tenants/lib/portfolio-view.ts';
import { t } from '../../messages.ts';

export default function TenantListScreen() {
  const [creating, setCreating] = useState(false);
  const account = useAccount();
  // At the plan's limit of client tenants, the lock and the way to the plans show before the
  // form, not after it was filled and refused.
  const planLock = usePlanLock(account.data, { limit: 'tenants' });
  const refreshBilling = useRefreshBilling();
  // The posture view's state lives in the URL: a saved view is its link.
  const [params, setParams] = useSearchParams();
  const posture = params.get('view') === 'posture';
  return (
    <>
      <PageHeader
        title={screenTitle('tenantList')}
        description={t('tenantList.description')}
        actions={
          planLock ? null : (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setCreating(true)}
            >
              {t('tenantList.create')}
            </Button>
          )
        }
      />
      {planLock ? <UpgradePrompt refusal={planLock} mb="md" /> : null}
      <Stack gap="md">
        <SegmentedControl
          aria-label={t('tenantList.view')}
          value={posture ? 'posture' : 'list'}
          onChange={(v) =>
            setParams(v === 'posture' ? writePortfolioView(readPortfolioView(params)) : {})
          }
          data={[
            { value: 'list', label: t('tenantList.view.list') },
            { value: 'posture', label: t('tenantList.view.posture') },
          ]}
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        />
        {posture ? (
          <PortfolioView
            view={readPortfolioView(params)}
            onChange={(v) => setParams(writePortfolioView(v))}
          />
        ) : (
          <TenantList onCreate={() => setCreating(true)} />
        )}
      </Stack>
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
