import { formatMoney, type Account } from '@tenantry/shared';
import { Alert, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate, formatDayShort } from '#web/lib/format.ts';
import { useBilling } from '../api/get-billing.ts';
import { useOpenPortal } from '../api/open-portal.ts';
import { t } from '../messages.ts';

/**
 * On every page of the main layout, for owners and admins while a payment is overdue: one line
 * (at 375 px too) with how much and until when the account keeps full access (or that it is
 * read-only now), and for owners the way to the payment method. The whole sentence is the
 * line's `title` and what a screen reader reads; the billing tab says it at length. Reads the one cached billing summary;
 * members never ask.
 */
export function PastDueBanner({ account }: { account: Account | undefined }) {
  const billing = useBilling(account);
  const portal = useOpenPortal();
  const b = billing.data;
  if (!b?.pastDue) return null;
  const { amountDue, currency, graceEndsAt } = b.pastDue;
  const amount = formatMoney(amountDue, currency);
  const grace = formatDate(graceEndsAt);
  const short = b.readOnly
    ? t('pastDue.short.readOnly', { amount })
    : t('pastDue.short', { amount, day: formatDayShort(graceEndsAt) });
  const full =
    (b.readOnly
      ? t('pastDue.full.readOnly', { amount, date: grace })
      : t('pastDue.full', { amount, date: grace })) +
    (b.canManage ? '' : ` ${t('pastDue.ownerOnly')}`);
  const color = b.readOnly ? 'red' : 'orange';
  return (
    <Alert color={color} variant="light" py={6} px="sm" mb="md" data-testid="past-due-banner">
      {/* Read out in full; seen as one short line with the whole sentence as its title. */}
      <VisuallyHidden>{full}</VisuallyHidden>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" miw={0}>
          <IconCreditCard size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={500} lineClamp={1} title={full} miw={0} aria-hidden>
            {short}
          </Text>
        </Group>
        {b.canManage ? (
          <Button
            size="compact-sm"
            color={color}
            style={{ flexShrink: 0 }}
            loading={portal.isPending || portal.isSuccess}
            onClick={() => portal.mutate()}
          >
            {t('pastDue.update')}
          </Button>
        ) : null}
      </Group>
      {portal.isError ? <ErrorAlert error={portal.error} mt="xs" /> : null}
    </Alert>
  );
}
