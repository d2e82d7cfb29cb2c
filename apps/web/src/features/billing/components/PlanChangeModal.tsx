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
  INTERVAL_LABELS,
  differenceLines,
  storageConflict,
  usageConflicts,
  type PlanOption,
} from '../lib/plan-view.ts';

interface PlanChangeModalProps {
  billing: BillingSummary;
  /** The plan chosen; null keeps the dialog closed. */
  option: PlanOption | null;
  interval: BillingInterval;
  onClose: () => void;
}

function title(option: PlanOption): string {
  const name = option.plan.name;
  if (option.action === 'checkout' && option.label === 'Choose') return `Choose ${name}?`;
  return option.kind === 'upgrade' ? `Upgrade to ${name}?` : `Downgrade to ${name}?`;
}

function confirmLabel(option: PlanOption): string {
  if (option.action === 'checkout') return 'Continue to payment';
  return option.kind === 'upgrade'
    ? `Upgrade to ${option.plan.name}`
    : `Downgrade to ${option.plan.name}`;
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
            ? `Your ${from.name} plan stays until ${formatDate(billing.currentPeriodEnd)}; then the account moves to Free and no more payments are taken.`
            : `The account moves to Free and no more payments are taken.`
          : `${to.name}, billed ${INTERVAL_LABELS[interval].toLowerCase()}: ${formatMoney(to.prices[interval])} ${option.per}.`}
        {option.action === 'checkout' ? ' You enter the payment details on the next page.' : null}
      </Text>
      {differences.length > 0 ? (
        <div>
          <Text size="sm" fw={500} id={differencesId}>
            What changes
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
          The same limits and features, billed {INTERVAL_LABELS[interval].toLowerCase()}.
        </Text>
      )}
      {conflicts.length > 0 || storage ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={
            storage || conflicts.some((c) => c.over)
              ? `Your current usage does not fit ${to.name}`
              : `Your usage would be at ${to.name}’s limits`
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
              Cancel
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
