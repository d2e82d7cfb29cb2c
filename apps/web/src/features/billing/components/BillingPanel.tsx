import type { Account } from '@tenantry/shared';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { canReadBilling, useBilling } from '../api/get-billing.ts';
import { t } from '../messages.ts';
import { CurrentPlan } from './CurrentPlan.tsx';
import { InvoicesTable } from './InvoicesTable.tsx';
import { PlanSelection } from './PlanSelection.tsx';
import { StorageUsageBar } from './StorageUsageBar.tsx';
import { UsageBars } from './UsageBars.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * admin/billing: the plan and its status, usage against the limits, the plans to choose from,
 * the invoices. Owners change the plan; admins read it; members see a note.
 */
export function BillingPanel({ account }: { account: Account }) {
  const billing = useBilling(account);
  if (!canReadBilling(account)) {
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('panel.membersNote')}
      </Alert>
    );
  }
  if (billing.isPending) return <Loader size="sm" aria-label={t('panel.loading')} />;
  if (billing.isError) {
    return (
      <ErrorAlert title={t('panel.loadFailed')} error={billing.error}>
        {billing.error.message}
      </ErrorAlert>
    );
  }
  const b = billing.data;
  return (
    <Stack gap="xl">
      {b.canManage ? null : (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('panel.adminNote')}
        </Alert>
      )}
      <CurrentPlan billing={b} />
      <Section id="billing-usage" title={t('usage.title')}>
        <Stack gap="md">
          <UsageBars billing={b} />
          <StorageUsageBar storage={b.storage} />
        </Stack>
      </Section>
      <Section id="billing-plans" title={t('plans.title')}>
        {b.comped ? (
          <Text size="sm" c="dimmed">
            {t('plans.comped')}
          </Text>
        ) : null}
        <PlanSelection billing={b} />
      </Section>
      <Section id="billing-invoices" title={t('invoices.title')}>
        <InvoicesTable />
      </Section>
    </Stack>
  );
}
