import type { WebhookDelivery } from '@tenantry/shared';
import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useDeliveries } from '../api/list-deliveries.ts';
import { useRedeliver } from '../api/redeliver-delivery.ts';
import {
  STATUS_COLORS,
  durationLabel,
  eventLabel,
  responseLabel,
  statusLabel,
} from '../lib/delivery-view.ts';
import { t } from '../messages.ts';

function StatusCell({ d }: { d: WebhookDelivery }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={STATUS_COLORS[d.status]} variant="light">
        {statusLabel(d.status)}
      </Badge>
      {d.error ? (
        <Text size="xs" c="dimmed" maw={320} style={{ overflowWrap: 'anywhere' }}>
          {d.error}
        </Text>
      ) : null}
      {d.status === 'pending' && d.nextAttemptAt && d.attempts > 0 ? (
        <Text size="xs" c="dimmed">
          {t('log.nextAttempt', { date: formatDateTime(d.nextAttemptAt) })}
        </Text>
      ) : null}
    </Stack>
  );
}

function RedeliverButton({
  d,
  webhookId,
  disabled,
}: {
  d: WebhookDelivery;
  webhookId: string;
  disabled: boolean;
}) {
  const redeliver = useRedeliver();
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-xs"
        variant="light"
        disabled={disabled}
        loading={redeliver.isPending}
        onClick={() => redeliver.mutate({ id: webhookId, deliveryId: d.id })}
        aria-label={t('log.redeliverLabel', {
          event: eventLabel(d.eventType),
          date: formatDateTime(d.createdAt),
        })}
      >
        {t('log.redeliver')}
      </Button>
      {redeliver.isError ? <ErrorAlert error={redeliver.error} p="xs" /> : null}
    </Stack>
  );
}

/** One endpoint's deliveries, newest first: what was sent, how it went, "Redeliver". */
export function DeliveryLog({ webhookId, enabled }: { webhookId: string; enabled: boolean }) {
  const query = useDeliveries(webhookId);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const redeliver = (d: WebhookDelivery) => (
    <RedeliverButton d={d} webhookId={webhookId} disabled={!enabled} />
  );
  return (
    <PagedList
      query={query}
      count={items.length}
      noun={t('log.noun')}
      skeletons={2}
      empty={
        <Text size="sm" c="dimmed">
          {t('log.empty')}
        </Text>
      }
    >
      <TableOrCards
        label={t('log.label')}
        items={items}
        minWidth={760}
        head={
          <>
            <Table.Th>{t('log.event')}</Table.Th>
            <Table.Th>{t('log.status')}</Table.Th>
            <Table.Th>{t('log.response')}</Table.Th>
            <Table.Th>{t('log.duration')}</Table.Th>
            <Table.Th>{t('log.attempts')}</Table.Th>
            <Table.Th>{t('log.time')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('log.actions')}</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(d) => (
          <>
            <Table.Td>{eventLabel(d.eventType)}</Table.Td>
            <Table.Td>
              <StatusCell d={d} />
            </Table.Td>
            <Table.Td>{responseLabel(d)}</Table.Td>
            <Table.Td>{durationLabel(d.durationMs)}</Table.Td>
            <Table.Td>{d.attempts}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.createdAt)}</Table.Td>
            <Table.Td>{redeliver(d)}</Table.Td>
          </>
        )}
        card={(d) => (
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {eventLabel(d.eventType)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(d.createdAt)}
              </Text>
            </Group>
            <StatusCell d={d} />
            <Text size="xs" c="dimmed">
              {t('log.summary', {
                response: responseLabel(d),
                duration: durationLabel(d.durationMs),
                attempts: d.attempts,
                n: String(d.attempts),
              })}
            </Text>
            {redeliver(d)}
          </Stack>
        )}
      />
    </PagedList>
  );
}
