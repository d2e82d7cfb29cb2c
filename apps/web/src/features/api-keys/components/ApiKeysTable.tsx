import type { ApiKey } from '@tenantry/shared';
import { Badge, Button, Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { formatDate, formatDateTime, formatRelativeTime } from '#web/lib/format.ts';
import { STATUS_COLORS, prefixLabel, scopeLabel, statusLabel } from '../lib/api-key-view.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

function NameAndPrefix({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {apiKey.name}
      </Text>
      <Code style={{ alignSelf: 'flex-start', whiteSpace: 'nowrap' }}>{prefixLabel(apiKey)}</Code>
    </Stack>
  );
}

function Scopes({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Group gap={4} wrap="wrap">
      {apiKey.scopes.map((s) => (
        <Badge key={s} size="sm" variant="light" color="indigo" title={s}>
          {scopeLabel(s)}
        </Badge>
      ))}
    </Group>
  );
}

function TenantRestriction({ apiKey }: { apiKey: ApiKey }) {
  return apiKey.tenant ? (
    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
      {t('key.onlyTenant', { name: apiKey.tenant.name })}
    </Text>
  ) : (
    <Text size="xs" c="dimmed">
      {t('key.everyTenant')}
    </Text>
  );
}

/** What the key may do: its scopes, and on which client tenants. */
function Access({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Stack gap={4}>
      <Scopes apiKey={apiKey} />
      <TenantRestriction apiKey={apiKey} />
    </Stack>
  );
}

function Created({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Text size="sm">
      <time dateTime={apiKey.createdAt} title={formatDateTime(apiKey.createdAt)}>
        {formatDate(apiKey.createdAt)}
      </time>
      {apiKey.createdBy ? (
        <Text span size="xs" c="dimmed" display="block" style={{ overflowWrap: 'anywhere' }}>
          {t('key.createdBy', { name: apiKey.createdBy })}
        </Text>
      ) : null}
    </Text>
  );
}

function LastUsed({ apiKey }: { apiKey: ApiKey }) {
  if (!apiKey.lastUsedAt) {
    return (
      <Text size="sm" c="dimmed">
        {t('key.neverUsed')}
      </Text>
    );
  }
  return (
    <Text size="sm">
      <time dateTime={apiKey.lastUsedAt} title={formatDateTime(apiKey.lastUsedAt)}>
        {formatRelativeTime(apiKey.lastUsedAt)}
      </time>
      {apiKey.lastUsedIp ? (
        <Text span size="xs" c="dimmed" display="block" style={{ overflowWrap: 'anywhere' }}>
          {t('key.usedFrom', { ip: apiKey.lastUsedIp })}
        </Text>
      ) : null}
    </Text>
  );
}

function Expiry({ apiKey }: { apiKey: ApiKey }) {
  if (!apiKey.expiresAt) {
    return (
      <Text size="xs" c="dimmed">
        {t('key.neverExpires')}
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      {rich(
        t,
        apiKey.status === 'expired' ? 'key.expired' : 'key.expires',
        {},
        {
          date: (
            <time dateTime={apiKey.expiresAt} title={formatDateTime(apiKey.expiresAt)}>
              {formatDate(apiKey.expiresAt)}
            </time>
          ),
        },
      )}
    </Text>
  );
}

function Status({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge
        size="sm"
        variant="light"
        color={STATUS_COLORS[apiKey.status]}
        style={{ flexShrink: 0, overflow: 'visible' }}
      >
        {statusLabel(apiKey.status)}
      </Badge>
      {apiKey.status === 'revoked' && apiKey.revokedAt ? (
        <Text size="xs" c="dimmed">
          <time dateTime={apiKey.revokedAt} title={formatDateTime(apiKey.revokedAt)}>
            {formatDate(apiKey.revokedAt)}
          </time>
        </Text>
      ) : (
        <Expiry apiKey={apiKey} />
      )}
    </Stack>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (k: ApiKey) => void }) {
  if (apiKey.status === 'revoked') return null;
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      leftSection={<IconKeyOff size={14} aria-hidden />}
      onClick={() => onRevoke(apiKey)}
      aria-label={t('key.revokeLabel', { name: apiKey.name })}
    >
      {t('key.revoke')}
    </Button>
  );
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The account's keys: name and prefix, scopes and tenant restriction, created, last used,
 * status and expiry, with Revoke. A table on wider screens, cards on a phone.
 */
export function ApiKeysTable({
  keys,
  onRevoke,
}: {
  keys: readonly ApiKey[];
  onRevoke: (key: ApiKey) => void;
}) {
  return (
    <TableOrCards
      label={t('table.label')}
      items={keys}
      minWidth={860}
      head={
        <>
          <Table.Th>{t('table.name')}</Table.Th>
          <Table.Th>{t('table.access')}</Table.Th>
          <Table.Th>{t('table.created')}</Table.Th>
          <Table.Th>{t('table.lastUsed')}</Table.Th>
          <Table.Th>{t('table.status')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
          </Table.Th>
        </>
      }
      row={(k) => (
        <>
          <Table.Td maw={220}>
            <NameAndPrefix apiKey={k} />
          </Table.Td>
          <Table.Td maw={280}>
            <Access apiKey={k} />
          </Table.Td>
          <Table.Td maw={200}>
            <Created apiKey={k} />
          </Table.Td>
          <Table.Td>
            <LastUsed apiKey={k} />
          </Table.Td>
          <Table.Td miw={120}>
            <Status apiKey={k} />
          </Table.Td>
          <Table.Td>
            <RevokeButton apiKey={k} onRevoke={onRevoke} />
          </Table.Td>
        </>
      )}
      card={(k) => (
        <Stack gap="xs" aria-label={k.name}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <NameAndPrefix apiKey={k} />
            <Status apiKey={k} />
          </Group>
          <Access apiKey={k} />
          <Group gap="lg" wrap="wrap" align="flex-start">
            <Labelled label={t('table.created')}>
              <Created apiKey={k} />
            </Labelled>
            <Labelled label={t('table.lastUsed')}>
              <LastUsed apiKey={k} />
            </Labelled>
          </Group>
          <Group justify="flex-end">
            <RevokeButton apiKey={k} onRevoke={onRevoke} />
          </Group>
        </Stack>
      )}
    />
  );
}
