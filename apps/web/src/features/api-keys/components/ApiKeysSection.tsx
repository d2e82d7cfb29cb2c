import type { Account, ApiKey, CreatedApiKey } from '@tenantry/shared';
import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { UpgradePrompt } from '#web/components/UpgradePrompt.tsx';
import type { PlanRefusal } from '#web/lib/billing-errors.ts';
import { canManageApiKeys, useApiKeys } from '../api/list-api-keys.ts';
import { sortKeys } from '../lib/api-key-view.ts';
import { ApiKeysTable } from './ApiKeysTable.tsx';
import { CreateApiKeyModal, type TenantChoices } from './CreateApiKeyModal.tsx';
import { RevokeApiKeyModal } from './RevokeApiKeyModal.tsx';
import { ApiKeySecretModal } from './ApiKeySecretModal.tsx';
import { t } from '../messages.ts';

function Heading({ action }: { action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={4} maw={640}>
        <Title order={2} size="h3" id="api-keys-heading">
          {t('section.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('section.intro')}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}

function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" size="lg">
            <IconKey size={18} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>{t('empty.title')}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('empty.body')}
        </Text>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
          {t('empty.create')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The account's API keys on the developer page (owners and admins): the list with Revoke,
 * "Create key", and the new key's secret shown once. Others read who manages them.
 */
export function ApiKeysSection({
  account,
  tenantChoices,
  planLock = null,
  origin = window.location.origin,
}: {
  account: Pick<Account, 'permissions'>;
  tenantChoices: TenantChoices;
  /** The plan refuses new keys (no API, or read-only): the lock instead of "Create key". */
  planLock?: PlanRefusal | null;
  /** Where the API is reached, for the example request (this page's origin). */
  origin?: string;
}) {
  const canManage = canManageApiKeys(account);
  const keys = useApiKeys(account);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  if (!canManage) {
    return (
      <Stack gap="sm" component="section" aria-labelledby="api-keys-heading">
        <Heading />
        <Text size="sm">{t('section.readOnly')}</Text>
      </Stack>
    );
  }

  const list = keys.data ? sortKeys(keys.data.keys) : null;
  const open = () => setCreating(true);
  return (
    <Stack gap="sm" component="section" aria-labelledby="api-keys-heading">
      <Heading
        action={
          list && list.length > 0 && !planLock ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={open}>
              {t('section.create')}
            </Button>
          ) : null
        }
      />
      {keys.isPending ? <Loader size="sm" aria-label={t('section.loading')} /> : null}
      {keys.isError ? <ErrorAlert title={t('section.loadFailed')} error={keys.error} /> : null}
      {planLock ? <UpgradePrompt refusal={planLock} /> : null}
      {list && list.length === 0 && !planLock ? <EmptyState onCreate={open} /> : null}
      {list && list.length > 0 ? <ApiKeysTable keys={list} onRevoke={setRevoking} /> : null}
      <CreateApiKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        tenantChoices={tenantChoices}
        onCreated={(c) => {
          setCreating(false);
          setCreated(c);
        }}
      />
      <ApiKeySecretModal created={created} origin={origin} onClose={() => setCreated(null)} />
      <RevokeApiKeyModal apiKey={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}
