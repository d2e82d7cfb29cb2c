import type { Webhook } from '@tenantry/shared';
import { Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { usePingWebhook } from '../api/ping-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { STATUS_COLORS, eventLabel, statusLabel } from '../lib/delivery-view.ts';
import { DeliveryLog } from './DeliveryLog.tsx';

/** One endpoint: its URL, events and state, what can be done with it, and its delivery log. */
export function WebhookCard({
  webhook,
  onEdit,
  onDelete,
  onSecret,
}: {
  webhook: Webhook;
  onEdit: (w: Webhook) => void;
  onDelete: (w: Webhook) => void;
  onSecret: (w: Webhook) => void;
}) {
  const ping = usePingWebhook();
  const toggle = useUpdateWebhook();
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  const titleId = useId();
  const last = webhook.lastDelivery;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
            <Text
              id={titleId}
              fw={600}
              ff="monospace"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {webhook.url}
            </Text>
            {webhook.description ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {webhook.description}
              </Text>
            ) : null}
          </Stack>
          <Switch
            label="Enabled"
            checked={webhook.enabled}
            disabled={toggle.isPending}
            onChange={(e) =>
              toggle.mutate({ id: webhook.id, patch: { enabled: e.currentTarget.checked } })
            }
            aria-label={`Enabled: ${webhook.url}`}
          />
        </Group>
        <Group gap={6} wrap="wrap" aria-label="Events">
          {webhook.events.map((e) => (
            <Badge key={e} variant="outline" color="gray" tt="none">
              {eventLabel(e)}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {last ? (
            <>
              Last delivery{' '}
              <Badge size="xs" variant="light" color={STATUS_COLORS[last.status]}>
                {statusLabel(last.status)}
              </Badge>{' '}
              {formatDateTime(last.createdAt)}
            </>
          ) : (
            'Nothing sent yet.'
          )}
          {webhook.enabled ? '' : ' Disabled: nothing is sent to it.'}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSend size={14} aria-hidden />}
            disabled={!webhook.enabled}
            loading={ping.isPending}
            onClick={() => {
              setShowLog(true);
              ping.mutate(webhook.id);
            }}
          >
            Send test ping
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog((v) => !v)}
          >
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button size="xs" variant="default" onClick={() => onSecret(webhook)}>
            Signing secret
          </Button>
          <Button size="xs" variant="default" onClick={() => onEdit(webhook)}>
            Edit
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(webhook)}>
            Delete
          </Button>
        </Group>
        {ping.isError ? <ErrorAlert title="The ping was not sent" error={ping.error} /> : null}
        {toggle.isError ? <ErrorAlert title="Not changed" error={toggle.error} /> : null}
        <div id={logId}>
          {showLog ? <DeliveryLog webhookId={webhook.id} enabled={webhook.enabled} /> : null}
        </div>
      </Stack>
    </Paper>
  );
}
