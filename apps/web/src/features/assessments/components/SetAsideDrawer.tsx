import type { AssessmentDetail, CarryForwardRecord } from '@tenantry/shared';
import { Badge, Code, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useFrameworkVersion } from '../api/get-framework-version.ts';
import { useCarryForwards } from '../api/list-carry-forwards.ts';
import { carriedText, questionsByKey, readableValue } from '../lib/carry-forward-view.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const wrap = { overflowWrap: 'anywhere' } as const;

function SetAsideList({
  record,
  questions,
}: {
  record: CarryForwardRecord;
  questions: ReturnType<typeof questionsByKey>;
}) {
  const removed = new Set(record.preview.removed.map((q) => q.key));
  if (record.setAside.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('setAside.none')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {record.setAside.map((s) => (
        <Stack component="li" key={s.questionKey} gap={2} aria-label={s.questionKey}>
          <Text size="sm" fw={600} style={wrap}>
            <Code>{s.questionKey}</Code> {s.questionTitle}
          </Text>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={500} style={wrap}>
              {readableValue(s.value, s.na, questions.get(s.questionKey))}
            </Text>
            <Badge size="sm" variant="light" color="gray" tt="none">
              {removed.has(s.questionKey)
                ? t('setAside.removed', { version: record.toVersion })
                : t('setAside.noFit', { version: record.toVersion })}
            </Badge>
          </Group>
          {s.note ? (
            <Text size="sm" c="dimmed" style={{ ...wrap, whiteSpace: 'pre-wrap' }}>
              {s.note}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" style={wrap}>
            {rich(
              t,
              'setAside.by',
              { name: s.answeredBy },
              { when: <time dateTime={s.answeredAt}>{formatDateTime(s.answeredAt)}</time> },
            )}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The answers a carry-forward set aside (their question was removed, or the answer no longer
 * fits it): kept in its record, read here with their notes, who gave them and when.
 */
export function SetAsideDrawer({
  tenantId,
  assessment: a,
  carryForwardId,
  opened,
  onClose,
}: {
  tenantId: string;
  assessment: AssessmentDetail;
  carryForwardId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const records = useCarryForwards(tenantId, a.id, opened);
  const record = records.data?.find((r) => r.id === carryForwardId);
  // The answers were given to the questions of the earlier version: read through them (the
  // library is for members of the account; others see the values as stored).
  const earlier = useFrameworkVersion(
    a.framework.id,
    record?.fromVersion,
    opened && a.can.manage && record !== undefined,
  );
  const questions = useMemo(() => questionsByKey(earlier.data?.document), [earlier.data]);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('setAside.title')}
      size="md"
    >
      {records.isPending ? (
        <Stack gap="xs" aria-busy aria-label={t('setAside.loading')}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      ) : records.isError ? (
        <ErrorAlert title={t('setAside.loadFailed')}>{records.error.message}</ErrorAlert>
      ) : !record ? (
        <Text size="sm" c="dimmed">
          {t('setAside.gone')}
        </Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t(record.canUndo ? 'setAside.introUndo' : 'setAside.intro', {
              carried: carriedText(record),
            })}
          </Text>
          <SetAsideList record={record} questions={questions} />
        </Stack>
      )}
    </Drawer>
  );
}
