import type { Account } from '@tenantry/shared';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { canReadBilling, useBilling } from '../api/get-billing.ts';
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
        The plan and invoices are seen by the account’s owners and admins. If you need more room or
        a feature your plan lacks, ask an owner.
      </Alert>
    );
  }
  if (billing.isPending) return <Loader size="sm" aria-label="Loading the plan" />;
  if (billing.isError) {
    return (
      <ErrorAlert title="The plan could not be loaded" error={billing.error}>
        {billing.error.message}
      </ErrorAlert>
    );
  }
  const b = billing.data;
  return (
    <Stack gap="xl">
      {b.canManage ? null : (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />}>
          Only owners change the plan, the payment method or cancel. You can see everything here.
        </Alert>
      )}
      <CurrentPlan billing={b} />
      <Section id="billing-usage" title="Usage">
        <Stack gap="md">
          <UsageBars billing={b} />
          <StorageUsageBar storage={b.storage} />
        </Stack>
      </Section>
      <Section id="billing-plans" title="Plans">
        {b.comped ? (
          <Text size="sm" c="dimmed">
            Your plan is complimentary. To change it, contact support.
          </Text>
        ) : null}
        <PlanSelection billing={b} />
      </Section>
      <Section id="billing-invoices" title="Invoices">
        <InvoicesTable />
      </Section>
    </Stack>
  );
}
