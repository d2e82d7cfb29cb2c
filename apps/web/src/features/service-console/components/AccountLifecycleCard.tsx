import { ACCOUNT_EXPORT_LIMITS, type AccountDeletion, type AccountExport } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileZip, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { useCancelAccountDeletion } from '../api/cancel-account-deletion.ts';
import { useAccountDeletion } from '../api/get-account-deletion.ts';
import { accountExportDownloadUrl, useAccountExports } from '../api/list-account-exports.ts';
import { useRequestAccountExport } from '../api/request-account-export.ts';
import { serviceKeys } from '../api/service-keys.ts';
import {
  anyExporting,
  canDownload,
  exportPercent,
  exportStateText,
  formatSize,
  isExporting,
} from '../lib/account-lifecycle-view.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';
import { ScheduleDeletionModal } from './ScheduleDeletionModal.tsx';

const STATUS_COLORS: Record<AccountExport['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};

function ExportRow({ accountId, e }: { accountId: string; e: AccountExport }) {
  const percent = exportPercent(e);
  return (
    <Stack
      gap={4}
      role="listitem"
      aria-label={t('exports.item.label', { date: formatDateTime(e.createdAt) })}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
          </Text>
          <Badge color={STATUS_COLORS[e.status]} variant="light" size="sm">
            {exportStateText(e)}
          </Badge>
          {e.requestedBy?.email ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('exports.item.by', { email: e.requestedBy.email })}
            </Text>
          ) : null}
        </Group>
        {canDownload(e) ? (
          <Anchor
            href={accountExportDownloadUrl(accountId, e.id)}
            download={e.fileName}
            size="sm"
            fw={500}
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconDownload size={14} aria-hidden />
              {e.bytes !== null
                ? t('exports.item.downloadSize', { size: formatSize(e.bytes) })
                : t('exports.item.download')}
            </Group>
          </Anchor>
        ) : null}
      </Group>
      {isExporting(e) ? (
        <Progress
          value={percent}
          size="sm"
          animated
          aria-label={t('exports.item.progress')}
          aria-valuenow={percent}
        />
      ) : null}
      {e.status === 'failed' && e.error ? (
        <Text size="xs" c="red">
          {e.error}
        </Text>
      ) : null}
      {e.status === 'done' ? (
        <Text size="xs" c="dimmed">
          {canDownload(e)
            ? t('exports.item.kept', { date: formatDate(e.expiresAt), count: e.progress.total })
            : t('exports.item.expired')}
        </Text>
      ) : null}
    </Stack>
  );
}

function ExportList({ accountId }: { accountId: string }) {
  const exports = useAccountExports(accountId);
  if (exports.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('exports.loading')}>
        <Skeleton height={20} />
        <Skeleton height={20} width="70%" />
      </Stack>
    );
  }
  if (exports.isError) {
    return (
      <ErrorAlert title={t('exports.loadFailed')} error={exports.error}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{exports.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void exports.refetch()}>
            {t('exports.retry')}
          </Button>
        </Stack>
      </ErrorAlert>
    );
  }
  if (exports.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('exports.none')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" role="list" aria-label={t('exports.list')}>
      {exports.data.items.map((e) => (
        <ExportRow key={e.id} accountId={accountId} e={e} />
      ))}
    </Stack>
  );
}

function ScheduledNotice({
  accountId,
  scheduled,
}: {
  accountId: string;
  scheduled: NonNullable<AccountDeletion['scheduled']>;
}) {
  const cancel = useCancelAccountDeletion(accountId);
  return (
    <Alert color="orange" variant="light" title={t('deletion.scheduled.title')} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {rich(
            t,
            'deletion.scheduled.body',
            {},
            {
              date: (
                <strong>
                  <time dateTime={scheduled.deleteAfter}>{formatDate(scheduled.deleteAfter)}</time>
                </strong>
              ),
            },
          )}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {scheduled.scheduledBy?.email
            ? t('deletion.scheduled.reasonBy', {
                reason: scheduled.reason,
                email: scheduled.scheduledBy.email,
              })
            : t('deletion.scheduled.reason', { reason: scheduled.reason })}
        </Text>
        {cancel.isError ? <ErrorAlert error={cancel.error} /> : null}
        <Button
          size="xs"
          variant="default"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () =>
                notifications.show({ color: 'teal', message: t('deletion.scheduled.canceled') }),
            })
          }
        >
          {t('deletion.scheduled.cancel')}
        </Button>
      </Stack>
    </Alert>
  );
}

function DeletionActions({ accountId }: { accountId: string }) {
  const deletion = useAccountDeletion(accountId);
  const [open, setOpen] = useState(false);
  if (deletion.isPending) return <Skeleton height={30} width={180} />;
  if (deletion.isError) {
    return <ErrorAlert title={t('deletion.loadFailed')} error={deletion.error} />;
  }
  const d = deletion.data;
  if (d.scheduled) return <ScheduledNotice accountId={accountId} scheduled={d.scheduled} />;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        color="red"
        variant="outline"
        leftSection={<IconTrash size={16} aria-hidden />}
        disabled={!d.canSchedule}
        onClick={() => setOpen(true)}
        aria-describedby={d.blockedReason ? `deletion-blocked-${accountId}` : undefined}
      >
        {t('deletion.schedule')}
      </Button>
      {d.blockedReason ? (
        <Text size="xs" c="dimmed" id={`deletion-blocked-${accountId}`}>
          {d.blockedReason}
        </Text>
      ) : null}
      <ScheduleDeletionModal
        accountId={accountId}
        deleteAfter={d.deleteAfterIfScheduledNow}
        opened={open}
        onClose={() => setOpen(false)}
      />
    </Stack>
  );
}

/**
 * The account page's "Export and deletion" card (service/accounts/{id}): export the account
 * (a ZIP made in the background, its progress polled), download an export, and schedule or
 * cancel the account's deletion, which needs an export finished in the last days.
 */
export function AccountLifecycleCard({ accountId }: { accountId: string }) {
  const request = useRequestAccountExport(accountId);
  const exports = useAccountExports(accountId);
  const exporting = anyExporting(exports.data?.items);
  // A finished export may allow the deletion: ask again when one finishes.
  const qc = useQueryClient();
  const wasExporting = useRef(exporting);
  useEffect(() => {
    if (wasExporting.current && !exporting) {
      void qc.invalidateQueries({ queryKey: serviceKeys.accountDeletion(accountId) });
    }
    wasExporting.current = exporting;
  }, [exporting, qc, accountId]);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`lifecycle-${accountId}`}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id={`lifecycle-${accountId}`}>
            {t('lifecycle.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('lifecycle.intro', { days: ACCOUNT_EXPORT_LIMITS.keepDays })}
          </Text>
        </div>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Button
            leftSection={<IconFileZip size={16} aria-hidden />}
            loading={request.isPending}
            disabled={exporting}
            onClick={() =>
              request.mutate(undefined, {
                onError: (err) => notifications.show({ color: 'red', message: err.message }),
              })
            }
          >
            {exporting ? t('lifecycle.exporting') : t('lifecycle.export')}
          </Button>
          <DeletionActions accountId={accountId} />
        </Group>
        <ExportList accountId={accountId} />
      </Stack>
    </Card>
  );
}
