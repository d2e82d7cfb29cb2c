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
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

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
            label={t('card.enabled')}
            checked={webhook.enabled}
            disabled={toggle.isPending}
            onChange={(e) =>
              toggle.mutate({ id: webhook.id, patch: { enabled: e.currentTarget.checked } })
            }
            aria-label={t('card.enabledLabel', { url: webhook.url })}
          />
        </Group>
        <Group gap={6} wrap="wrap" aria-label={t('card.events')}>
          {webhook.events.map((e) => (
            <Badge key={e} variant="outline" color="gray" tt="none">
              {eventLabel(e)}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {last
            ? rich(
                t,
                'card.lastDelivery',
                { date: formatDateTime(last.createdAt) },
                {
                  status: (
                    <Badge size="xs" variant="light" color={STATUS_COLORS[last.status]}>
                      {statusLabel(last.status)}
                    </Badge>
                  ),
                },
              )
            : t('card.nothingSent')}
          {webhook.enabled ? '' : ` ${t('card.disabled')}`}
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
            {t('card.ping')}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog((v) => !v)}
          >
            {showLog ? t('card.hideDeliveries') : t('card.deliveries')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onSecret(webhook)}>
            {t('card.secret')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onEdit(webhook)}>
            {t('card.edit')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(webhook)}>
            {t('card.delete')}
          </Button>
        </Group>
        {ping.isError ? <ErrorAlert title={t('card.pingFailed')} error={ping.error} /> : null}
        {toggle.isError ? <ErrorAlert title={t('card.toggleFailed')} error={toggle.error} /> : null}
        <div id={logId}>
          {showLog ? <DeliveryLog webhookId={webhook.id} enabled={webhook.enabled} /> : null}
        </div>
      </Stack>
    </Paper>
  );
}
