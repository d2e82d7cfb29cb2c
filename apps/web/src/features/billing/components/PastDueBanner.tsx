import { formatMoney, type Account } from '@tenantry/shared';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate } from '#web/lib/format.ts';
import { useBilling } from '../api/get-billing.ts';
import { useOpenPortal } from '../api/open-portal.ts';

/**
 * On every page of the main layout, for owners and admins while a payment is overdue: how
 * much, until when the account keeps full access (or that it is read-only now), and for owners
 * the way to the payment method. Reads the one cached billing summary; members never ask.
 */
export function PastDueBanner({ account }: { account: Account | undefined }) {
  const billing = useBilling(account);
  const portal = useOpenPortal();
  const b = billing.data;
  if (!b?.pastDue) return null;
  const { amountDue, currency, graceEndsAt } = b.pastDue;
  const amount = formatMoney(amountDue, currency);
  const grace = formatDate(graceEndsAt);
  return (
    <Alert
      color={b.readOnly ? 'red' : 'orange'}
      variant="light"
      icon={<IconCreditCard size={18} aria-hidden />}
      title={b.readOnly ? 'Payment overdue: the account is read-only' : 'Payment overdue'}
      mb="md"
      data-testid="past-due-banner"
    >
      <Text size="sm">
        {b.readOnly
          ? `A payment of ${amount} did not go through and the grace period ended on ${grace}. The account is read-only until the payment goes through: everything can be read, nothing changed.`
          : `A payment of ${amount} did not go through. Update the payment method by ${grace} to keep full access; after that the account is read-only until it is paid.`}
        {b.canManage ? null : ' Only an owner can update the payment method.'}
      </Text>
      {b.canManage ? (
        <Group mt="sm">
          <Button
            size="xs"
            color={b.readOnly ? 'red' : 'orange'}
            loading={portal.isPending || portal.isSuccess}
            onClick={() => portal.mutate()}
          >
            Update payment method
          </Button>
        </Group>
      ) : null}
      {portal.isError ? <ErrorAlert error={portal.error} mt="sm" /> : null}
    </Alert>
  );
}
