import { ASSESSMENT_LIST_STATUSES, formatScore, type AssessmentSummary } from '@tenantry/shared';
import { Button, Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { NAME_WRAP, NameText } from '#web/components/NameText.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { ScoreValue } from '#web/components/ScoreValue.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import type { AssessmentListStatus } from '../api/assessment-keys.ts';
import { useAssessmentList } from '../api/list-assessments.ts';
import { useLiveAssessments } from '../api/use-live-assessments.ts';
import { dueView, lastAnswerText, respondentsText } from '../lib/assessment-view.ts';
import { useNow } from './use-now.ts';
import { AssessmentStatusBadge, CompletionBar } from './Badges.tsx';

const FILTER_LABELS: Record<AssessmentListStatus, string> = {
  open: 'Open',
  completed: 'Completed',
  all: 'All',
};

function readStatus(params: URLSearchParams): AssessmentListStatus {
  const s = params.get('status');
  return (ASSESSMENT_LIST_STATUSES as readonly string[]).includes(s ?? '')
    ? (s as AssessmentListStatus)
    : 'all';
}

export interface AssessmentsTabProps {
  tenantId: string;
  /** The URL of one assessment's screen. */
  hrefFor: (assessmentId: string) => string;
  /** Starting one is for members who manage assessments (not shared users). */
  onStart: (() => void) | null;
}

function Framework({ a }: { a: AssessmentSummary }) {
  return (
    <Text size="xs" c="dimmed" style={NAME_WRAP}>
      {a.framework.name} · v{a.framework.version}
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
      <time dateTime={a.dueDate ?? undefined}>{due.label}</time>
      {due.overdue ? ' · overdue' : ''}
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
        respondents ? `respondents: ${respondents}` : null,
      ]
        .filter(Boolean)
        .join(' · ')}
    </Text>
  );
}

/**
 * A client tenant's assessments: open, completed or all (kept in the URL as `?status=`), page
 * by page, kept current by the tenant's live stream. Empty, it explains and offers to start.
 */
export function AssessmentsTab({ tenantId, hrefFor, onStart }: AssessmentsTabProps) {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params);
  const list = useAssessmentList(tenantId, status);
  useLiveAssessments(tenantId);
  const now = useNow(30_000);
  const filterLabel = useId();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  if (list.isSuccess && items.length === 0 && status === 'all') {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <IconClipboardCheck size={40} aria-hidden />
          <Title order={2} size="h3">
            No assessments yet
          </Title>
          <Text c="dimmed" maw={480}>
            An assessment answers a published framework for this client tenant: you, your team,
            shared contributors and respondents you send a link to answer its questions, and the
            scores show where it stands against its targets.
          </Text>
          {onStart ? (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onStart}>
              Start assessment
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              The account that shares this client tenant starts its assessments.
            </Text>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div>
          <Text size="sm" fw={500} id={filterLabel} mb={4}>
            Show
          </Text>
          <SegmentedControl
            aria-labelledby={filterLabel}
            value={status}
            onChange={(v) => {
              const next = new URLSearchParams(params);
              if (v === 'all') next.delete('status');
              else next.set('status', v);
              setParams(next, { replace: true });
            }}
            data={(['all', 'open', 'completed'] as const).map((s) => ({
              value: s,
              label: FILTER_LABELS[s],
            }))}
          />
        </div>
        {onStart ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onStart}>
            Start assessment
          </Button>
        ) : null}
      </Group>
      <PagedList
        query={list}
        count={items.length}
        noun="assessments"
        skeletons={4}
        empty={
          <Text c="dimmed" role="status">
            {status === 'open' ? 'No open assessments.' : 'No completed assessments yet.'}
          </Text>
        }
      >
        <TableOrCards
          label="Assessments"
          items={items}
          minWidth={820}
          head={
            <>
              <Table.Th>Assessment</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th>Answered</Table.Th>
              <Table.Th>Score</Table.Th>
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
                  label={`Answered in ${a.name}`}
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
                  label={`Answered in ${a.name}`}
                  w="100%"
                />
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  Score {formatScore(a.score)}
                  {a.provisional && a.score !== null ? ' (provisional)' : ''}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" style={NAME_WRAP}>
                {a.owner ? `Owner ${a.owner.name}` : 'No owner'}
                {a.dueDate ? ' · due ' : ''}
                {a.dueDate ? <Due a={a} inherit /> : null}
              </Text>
              <Activity a={a} now={now} />
            </Stack>
          )}
        />
      </PagedList>
    </Stack>
  );
}
