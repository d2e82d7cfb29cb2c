import { ASSESSMENT_LIST_STATUSES, formatScore, type AssessmentSummary } from '@tenantry/shared';
import { Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { NAME_WRAP, NameText } from '#web/components/NameText.tsx';
import { ScoreValue } from '#web/components/ScoreValue.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import type { AssessmentListStatus } from '../api/assessment-keys.ts';
import { dueView, lastAnswerText, respondentsText } from '../lib/assessment-view.ts';
import { AssessmentStatusBadge, CompletionBar } from './Badges.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const FILTER_LABELS = {
  open: 'list.filter.open',
  completed: 'list.filter.completed',
  all: 'list.filter.all',
} as const satisfies Record<AssessmentListStatus, string>;

function readStatus(params: URLSearchParams): AssessmentListStatus {
  const s = params.get('status');
  return (ASSESSMENT_LIST_STATUSES as readonly string[]).includes(s ?? '')
    ? (s as AssessmentListStatus)
    : 'all';
}

/** The list's status filter, kept in the URL as `?status=` (all when left out). */
export function useAssessmentStatus(): [AssessmentListStatus, (s: AssessmentListStatus) => void] {
  const [params, setParams] = useSearchParams();
  const set = (v: AssessmentListStatus) => {
    const next = new URLSearchParams(params);
    if (v === 'all') next.delete('status');
    else next.set('status', v);
    setParams(next, { replace: true });
  };
  return [readStatus(params), set];
}

/** "Show: All · Open · Completed". */
export function AssessmentStatusFilter({
  status,
  onChange,
}: {
  status: AssessmentListStatus;
  onChange: (s: AssessmentListStatus) => void;
}) {
  const filterLabel = useId();
  return (
    <div>
      <Text size="sm" fw={500} id={filterLabel} mb={4}>
        {t('list.filter.show')}
      </Text>
      <SegmentedControl
        aria-labelledby={filterLabel}
        value={status}
        onChange={(v) => onChange(v as AssessmentListStatus)}
        data={(['all', 'open', 'completed'] as const).map((s) => ({
          value: s,
          label: t(FILTER_LABELS[s]),
        }))}
      />
    </div>
  );
}

/** What an empty filtered list says. */
export function NoAssessmentsFor({ status }: { status: AssessmentListStatus }) {
  return (
    <Text c="dimmed" role="status">
      {status === 'open'
        ? t('list.empty.open')
        : status === 'completed'
          ? t('list.empty.completed')
          : t('list.empty.all')}
    </Text>
  );
}

function Framework({ a }: { a: AssessmentSummary }) {
  return (
    <Text size="xs" c="dimmed" style={NAME_WRAP}>
      {t('list.framework', { name: a.framework.name, version: a.framework.version })}
    </Text>
  );
}

function Due({ a, inherit = false }: { a: AssessmentSummary; inherit?: boolean }) {
  const due = dueView(a.dueDate, a.status);
  if (!due) return <Text size="sm">—</Text>;
  return (
    <Text
      component="span"
      size={inherit ? undefined : 'sm'}
      inherit={inherit}
      c={due.overdue ? 'red' : undefined}
      fw={due.overdue ? 600 : undefined}
    >
      {due.overdue ? (
        rich(
          t,
          'list.due.overdue',
          {},
          { date: <time dateTime={a.dueDate ?? undefined}>{due.label}</time> },
        )
      ) : (
        <time dateTime={a.dueDate ?? undefined}>{due.label}</time>
      )}
    </Text>
  );
}

function Activity({ a, now }: { a: AssessmentSummary; now: number }) {
  const last = lastAnswerText(a.lastAnswer, now);
  const respondents = respondentsText(a.respondents);
  if (!last && !respondents) return null;
  return (
    <Text size="xs" c="dimmed" style={NAME_WRAP}>
      {[
        last ? last.charAt(0).toUpperCase() + last.slice(1) : null,
        respondents ? t('list.activity.respondents', { respondents }) : null,
      ]
        .filter(Boolean)
        .join(' · ')}
    </Text>
  );
}

/**
 * Assessments as a client tenant's list shows them (a table; cards on a phone): name, framework
 * and activity, status, owner, due date, answered and score. The link is the caller's.
 */
export function AssessmentTable({
  items,
  hrefFor,
  now,
}: {
  items: AssessmentSummary[];
  /** The URL of one assessment's screen. */
  hrefFor: (assessmentId: string) => string;
  now: number;
}) {
  return (
    <TableOrCards
      label={t('list.tableLabel')}
      items={items}
      minWidth={820}
      head={
        <>
          <Table.Th>{t('list.column.assessment')}</Table.Th>
          <Table.Th>{t('list.column.status')}</Table.Th>
          <Table.Th>{t('list.column.owner')}</Table.Th>
          <Table.Th>{t('list.column.due')}</Table.Th>
          <Table.Th>{t('list.column.answered')}</Table.Th>
          <Table.Th>{t('list.column.score')}</Table.Th>
        </>
      }
      row={(a) => (
        <>
          <Table.Td maw={340}>
            <NameText name={a.name} to={hrefFor(a.id)} fw={500} size="sm" />
            <Framework a={a} />
            <Activity a={a} now={now} />
          </Table.Td>
          <Table.Td>
            <AssessmentStatusBadge status={a.status} />
          </Table.Td>
          <Table.Td>{a.owner ? <NameText name={a.owner.name} size="sm" /> : '—'}</Table.Td>
          <Table.Td>
            <Due a={a} />
          </Table.Td>
          <Table.Td>
            <CompletionBar
              answered={a.answered}
              total={a.total}
              completion={a.completion}
              label={t('list.answeredIn', { name: a.name })}
              w={150}
            />
          </Table.Td>
          <Table.Td>
            <ScoreValue
              size="sm"
              fw={600}
              score={a.score}
              provisional={a.provisional}
              answered={a.answered}
              total={a.total}
            />
          </Table.Td>
        </>
      )}
      card={(a) => (
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <NameText name={a.name} to={hrefFor(a.id)} fw={500} />
            <AssessmentStatusBadge status={a.status} />
          </Group>
          <Framework a={a} />
          <Group gap="sm" wrap="nowrap">
            <CompletionBar
              answered={a.answered}
              total={a.total}
              completion={a.completion}
              label={t('list.answeredIn', { name: a.name })}
              w="100%"
            />
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {t(
                a.provisional && a.score !== null
                  ? 'list.card.scoreProvisional'
                  : 'list.card.score',
                { score: formatScore(a.score) },
              )}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" style={NAME_WRAP}>
            {rich(
              t,
              a.owner
                ? a.dueDate
                  ? 'list.card.ownerDue'
                  : 'list.card.owner'
                : a.dueDate
                  ? 'list.card.noOwnerDue'
                  : 'list.card.noOwner',
              { name: a.owner?.name ?? '' },
              { due: a.dueDate ? <Due a={a} inherit /> : null },
            )}
          </Text>
          <Activity a={a} now={now} />
        </Stack>
      )}
    />
  );
}
