import type { Account, Webhook } from '@tenantry/shared';
import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { UpgradePrompt } from '#web/components/UpgradePrompt.tsx';
import { ApiError } from '#web/lib/api.ts';
import type { PlanRefusal } from '#web/lib/billing-errors.ts';
import { canManageWebhooks, useWebhooks } from '../api/list-webhooks.ts';
import { DeleteWebhookModal } from './DeleteWebhookModal.tsx';
import { SigningSecretModal } from './SigningSecretModal.tsx';
import { WebhookCard } from './WebhookCard.tsx';
import { WebhookFormModal } from './WebhookFormModal.tsx';
import { t } from '../messages.ts';

function Heading({ action }: { action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={4} maw={640}>
        <Title order={2} size="h3" id="webhooks-heading">
          {t('panel.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('panel.intro')}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" size="lg">
            <IconWebhook size={18} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>{t('empty.title')}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('empty.body')}
        </Text>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          {t('empty.add')}
        </Button>
      </Stack>
    </Paper>
  );
}

const forbidden = (err: unknown) => err instanceof ApiError && err.status === 403;

/**
 * The account's webhook endpoints on the developer page (owners and admins): the list with
 * "Send test ping", the delivery log, the signing secret, edit, enable/disable and delete, and
 * "Add endpoint". Others read who manages them. `account` (its permissions) may be left out:
 * then the server decides.
 */
export function WebhooksPanel({
  account,
  planLock = null,
}: {
  account?: Pick<Account, 'permissions'>;
  /** The plan refuses new endpoints (no API, or read-only): the lock instead of "Add endpoint". */
  planLock?: PlanRefusal | null;
}) {
  const allowed = canManageWebhooks(account);
  const hooks = useWebhooks(allowed);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [secretOf, setSecretOf] = useState<Webhook | null>(null);

  if (!allowed || forbidden(hooks.error)) {
    return (
      <Stack gap="sm" component="section" aria-labelledby="webhooks-heading">
        <Heading />
        <Text size="sm">{t('panel.readOnly')}</Text>
      </Stack>
    );
  }

  const list = hooks.data?.webhooks ?? null;
  const full = hooks.data ? hooks.data.webhooks.length >= hooks.data.limit : false;
  const add = () => setAdding(true);
  return (
    <Stack gap="sm" component="section" aria-labelledby="webhooks-heading">
      <Heading
        action={
          list && list.length > 0 && !planLock ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={add}
              disabled={full}
              title={full ? t('panel.full', { limit: String(hooks.data?.limit) }) : undefined}
            >
              {t('panel.add')}
            </Button>
          ) : null
        }
      />
      {hooks.isPending ? <Loader size="sm" aria-label={t('panel.loading')} /> : null}
      {hooks.isError ? <ErrorAlert title={t('panel.loadFailed')} error={hooks.error} /> : null}
      {planLock ? <UpgradePrompt refusal={planLock} /> : null}
      {list && list.length === 0 && !planLock ? <EmptyState onAdd={add} /> : null}
      {list && list.length > 0 ? (
        <Stack gap="sm">
          {list.map((w) => (
            <WebhookCard
              key={w.id}
              webhook={w}
              onEdit={setEditing}
              onDelete={setDeleting}
              onSecret={setSecretOf}
            />
          ))}
        </Stack>
      ) : null}
      <WebhookFormModal
        opened={adding || editing !== null}
        webhook={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <DeleteWebhookModal webhook={deleting} onClose={() => setDeleting(null)} />
      <SigningSecretModal webhook={secretOf} onClose={() => setSecretOf(null)} />
    </Stack>
  );
}
