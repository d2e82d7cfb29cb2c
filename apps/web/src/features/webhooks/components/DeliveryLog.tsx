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
          Next attempt {formatDateTime(d.nextAttemptAt)}
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
        aria-label={`Redeliver ${eventLabel(d.eventType)} of ${formatDateTime(d.createdAt)}`}
      >
        Redeliver
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
      noun="deliveries"
      skeletons={2}
      empty={
        <Text size="sm" c="dimmed">
          Nothing sent yet. “Send test ping” sends a test event now.
        </Text>
      }
    >
      <TableOrCards
        label="Deliveries"
        items={items}
        minWidth={760}
        head={
          <>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
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
              Response {responseLabel(d)} · {durationLabel(d.durationMs)} · {d.attempts}{' '}
              {d.attempts === 1 ? 'attempt' : 'attempts'}
            </Text>
            {redeliver(d)}
          </Stack>
        )}
      />
    </PagedList>
  );
}
