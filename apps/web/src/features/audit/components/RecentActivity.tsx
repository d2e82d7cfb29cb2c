import { Divider, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { NameText } from '#web/components/NameText.tsx';
import { formatDateTime, formatRelativeTime } from '#web/lib/format.ts';
import { useAuditLog } from '../api/list-audit-entries.ts';
import { describeAuditEntry } from '../lib/audit-labels.ts';
import { t } from '../messages.ts';

/**
 * The latest entries of the audit log (for owners and admins), in the audit screen's words.
 * Reads the audit screen's first page: opening that screen next shows it at once.
 */
export function RecentActivity({ limit = 8 }: { limit?: number }) {
  const audit = useAuditLog();
  if (audit.isPending) {
    return (
      <Stack gap="sm" aria-busy aria-label={t('recent.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={34} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (audit.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        {t('recent.loadFailed', { error: audit.error.message })}
      </Text>
    );
  }
  const entries = audit.data.pages[0]?.entries.slice(0, limit) ?? [];
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('recent.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((e, i) => (
        <Fragment key={e.id}>
          {i > 0 ? <Divider component="li" aria-hidden /> : null}
          <li>
            <NameText name={describeAuditEntry(e)} size="sm" lines={2} component="div" />
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {e.actorEmail ?? t('recent.system')} ·{' '}
              <time dateTime={e.createdAt} title={formatDateTime(e.createdAt)}>
                {formatRelativeTime(e.createdAt)}
              </time>
            </Text>
          </li>
        </Fragment>
      ))}
    </Stack>
  );
}
