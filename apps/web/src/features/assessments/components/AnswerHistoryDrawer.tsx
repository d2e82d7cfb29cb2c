import type { AnsweredBy, Question } from '@tenantry/shared';
import { Badge, Drawer, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useAnswerHistory } from '../api/get-answer-history.ts';
import { describeValue } from '../lib/answer-draft.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const SOURCES = {
  member: 'history.source.member',
  shared: 'history.source.shared',
  respondent: 'history.source.respondent',
  automation: 'history.source.automation',
} as const satisfies Record<AnsweredBy['source'], string>;

function Entry({
  question,
  value,
  na,
  note,
  by,
  at,
  current,
}: {
  question: Question;
  value: string | number | string[] | null;
  na: boolean;
  note: string;
  by: AnsweredBy;
  at: string;
  current: boolean;
}) {
  return (
    <Stack gap={2}>
      <Text component="div" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {describeValue(question, value, na)}{' '}
        {current ? (
          <Badge size="xs" variant="light" tt="none">
            {t('history.current')}
          </Badge>
        ) : null}
      </Text>
      {note ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {note}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {rich(
          t,
          'history.by',
          { name: by.name, source: t(SOURCES[by.source]) },
          { when: <time dateTime={at}>{formatDateTime(at)}</time> },
        )}
      </Text>
    </Stack>
  );
}

/** A question's answer now and every earlier value, newest first (read when opened). */
export function AnswerHistoryDrawer({
  tenantId,
  assessmentId,
  question,
  opened,
  onClose,
}: {
  tenantId: string;
  assessmentId: string;
  question: Question;
  opened: boolean;
  onClose: () => void;
}) {
  const history = useAnswerHistory(tenantId, assessmentId, question.key, opened);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('history.title', { key: question.key })}
      size="md"
    >
      {history.isPending ? (
        <Stack gap="xs" aria-busy aria-label={t('history.loading')}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      ) : history.isError ? (
        <ErrorAlert title={t('history.loadFailed')}>{history.error.message}</ErrorAlert>
      ) : !history.data.current && history.data.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.none')}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={0}>
          {history.data.current ? (
            <Timeline.Item>
              <Entry
                question={question}
                value={history.data.current.value}
                na={history.data.current.na}
                note={history.data.current.note}
                by={history.data.current.answeredBy}
                at={history.data.current.answeredAt}
                current
              />
            </Timeline.Item>
          ) : (
            <Timeline.Item>
              <Text size="sm" c="dimmed">
                {t('history.cleared')}
              </Text>
            </Timeline.Item>
          )}
          {history.data.entries.map((e) => (
            <Timeline.Item key={`${e.answeredAt}-${e.replacedAt}`}>
              <Entry
                question={question}
                value={e.value}
                na={e.na}
                note={e.note}
                by={e.answeredBy}
                at={e.answeredAt}
                current={false}
              />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Drawer>
  );
}
