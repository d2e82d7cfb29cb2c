import { PLANS, formatMoney, type BillingInterval, type BillingSummary } from '@tenantry/shared';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useChangePlan } from '../api/change-plan.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import {
  differenceLines,
  storageConflict,
  usageConflicts,
  type PlanOption,
} from '../lib/plan-view.ts';
import { t } from '../messages.ts';

interface PlanChangeModalProps {
  billing: BillingSummary;
  /** The plan chosen; null keeps the dialog closed. */
  option: PlanOption | null;
  interval: BillingInterval;
  onClose: () => void;
}

function title(option: PlanOption): string {
  const name = option.plan.name;
  if (option.action === 'checkout' && option.label === t('plans.choose')) {
    return t('change.title.choose', { plan: name });
  }
  return option.kind === 'upgrade'
    ? t('change.title.upgrade', { plan: name })
    : t('change.title.downgrade', { plan: name });
}

function confirmLabel(option: PlanOption): string {
  if (option.action === 'checkout') return t('change.checkout');
  return option.kind === 'upgrade'
    ? t('change.upgrade', { plan: option.plan.name })
    : t('change.downgrade', { plan: option.plan.name });
}

/** The summary of a plan change before it is made: price, what changes, what would not fit. */
function Summary({
  billing,
  option,
  interval,
}: {
  billing: BillingSummary;
  option: PlanOption;
  interval: BillingInterval;
}) {
  const to = option.plan;
  const from = PLANS[billing.plan];
  const differences = differenceLines(billing.plan, to.id);
  const conflicts = option.kind === 'downgrade' ? usageConflicts(billing.usage, to.id) : [];
  const storage = option.kind === 'downgrade' ? storageConflict(billing.storage, to.id) : null;
  const toFree = to.id === 'free';
  const differencesId = useId();
  return (
    <Stack gap="sm">
      <Text size="sm">
        {toFree
          ? billing.currentPeriodEnd
            ? t('change.toFree.until', {
                plan: from.name,
                date: formatDate(billing.currentPeriodEnd),
              })
            : t('change.toFree')
          : t(interval === 'month' ? 'change.billed.month' : 'change.billed.year', {
              plan: to.name,
              price: formatMoney(to.prices[interval]),
            })}
        {option.action === 'checkout' ? ` ${t('change.paymentNext')}` : null}
      </Text>
      {differences.length > 0 ? (
        <div>
          <Text size="sm" fw={500} id={differencesId}>
            {t('change.differences')}
          </Text>
          <List size="sm" spacing={4} listStyleType="none" aria-labelledby={differencesId}>
            {differences.map((d) => (
              <List.Item
                key={d.text}
                icon={
                  d.worse ? (
                    <IconArrowDownRight
                      size={16}
                      color="var(--mantine-color-orange-7)"
                      aria-hidden
                    />
                  ) : (
                    <IconArrowUpRight size={16} color="var(--mantine-color-teal-7)" aria-hidden />
                  )
                }
              >
                {d.text}
              </List.Item>
            ))}
          </List>
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          {interval === 'month' ? t('change.same.month') : t('change.same.year')}
        </Text>
      )}
      {conflicts.length > 0 || storage ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={
            storage || conflicts.some((c) => c.over)
              ? t('change.doesNotFit', { plan: to.name })
              : t('change.atLimits', { plan: to.name })
          }
        >
          <List size="sm" spacing={4}>
            {conflicts.map((c) => (
              <List.Item key={c.key}>{c.text}</List.Item>
            ))}
            {storage ? <List.Item key="storage">{storage}</List.Item> : null}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * Confirms a chosen plan: a first purchase goes to the provider's checkout page; a change of a
 * paid subscription is made here, then the outcome route (/upgrade-success,
 * /downgrade-success) records it and lands on the account.
 */
export function PlanChangeModal({ billing, option, interval, onClose }: PlanChangeModalProps) {
  const navigate = useNavigate();
  const checkout = useStartCheckout();
  const change = useChangePlan();
  const pending = checkout.isPending || change.isPending || checkout.isSuccess;
  const error = checkout.error ?? change.error;

  function close() {
    if (pending) return;
    checkout.reset();
    change.reset();
    onClose();
  }

  function confirm() {
    if (!option) return;
    const plan = option.plan.id;
    if (option.action === 'checkout') {
      if (plan === 'free') return;
      checkout.mutate({ plan, interval });
    } else if (option.action === 'change') {
      change.mutate(
        { plan, interval },
        {
          onSuccess: (result) =>
            void navigate(result.kind === 'upgrade' ? '/upgrade-success' : '/downgrade-success'),
        },
      );
    }
  }

  return (
    <Modal opened={option !== null} onClose={close} title={option ? title(option) : ''} centered>
      {option ? (
        <Stack gap="md">
          <Summary billing={billing} option={option} interval={interval} />
          {error ? <ErrorAlert error={error} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              {t('change.cancel')}
            </Button>
            <Button
              color={option.kind === 'downgrade' ? 'orange' : undefined}
              loading={pending}
              onClick={confirm}
              data-autofocus
            >
              {confirmLabel(option)}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
