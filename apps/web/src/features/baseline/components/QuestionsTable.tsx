import type { QuestionComparison } from '@tenantry/shared';
import { Anchor, Badge, Card, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { questionGap, questionScoreText, questionTaskBadge } from '../lib/baseline-view.ts';
import { DeltaText, TrendBadge } from './Trend.tsx';
import { t } from '../messages.ts';

export interface QuestionsTableProps {
  label: string;
  questions: readonly QuestionComparison[];
  /** The question in focus: highlighted and scrolled into view. */
  focusKey: string | null;
  /** The URL that focuses a question. */
  hrefFor: (questionKey: string) => string;
  /** The URL of a remediation task (opened on the remediation tab). */
  taskHref: (taskId: string) => string;
}

const NUM = { style: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } } as const;
const FOCUSED = 'var(--mantine-primary-color-light)';

/** The compared assessment's answer against last period's (docs/assessments.md). */
const SINCE_LAST_PERIOD = {
  confirmed: { labelKey: 'questions.since.confirmed', color: 'teal' },
  changed: { labelKey: 'questions.since.changed', color: 'orange' },
  to_confirm: { labelKey: 'questions.since.toConfirm', color: 'gray' },
} as const;

/** The question's remediation task, linked to it: open, fixed (awaiting confirmation), done. */
function TaskBadge({
  task,
  taskHref,
}: {
  task: NonNullable<QuestionComparison['task']>;
  taskHref: (taskId: string) => string;
}) {
  const { label, color } = questionTaskBadge(task);
  return (
    <Badge
      component={Link}
      to={taskHref(task.id)}
      size="xs"
      variant="light"
      color={color}
      tt="none"
      title={task.title}
      style={{ cursor: 'pointer' }}
    >
      {label}
    </Badge>
  );
}

/**
 * The markers of a question: changed between versions, a gap now, or a gap closed; and its
 * remediation task.
 */
function Markers({ q, taskHref }: { q: QuestionComparison; taskHref: (taskId: string) => string }) {
  const gap = questionGap(q);
  const since = q.sinceLastPeriod ? SINCE_LAST_PERIOD[q.sinceLastPeriod] : null;
  if (!q.changed && !gap && !q.task && !since) return null;
  return (
    <Group gap={4} mt={4}>
      {since ? (
        <Badge size="xs" variant="light" color={since.color} tt="none">
          {t(since.labelKey)}
        </Badge>
      ) : null}
      {q.changed ? (
        <Badge
          size="xs"
          variant="outline"
          color="violet"
          tt="none"
          title={t('questions.changedHint')}
        >
          {t('questions.changed')}
        </Badge>
      ) : null}
      {gap === 'gap' ? (
        <Badge size="xs" variant="light" color="orange" tt="none">
          {t('questions.gap')}
        </Badge>
      ) : gap === 'closed' ? (
        <Badge size="xs" variant="light" color="green" tt="none">
          {t('questions.gapClosed')}
        </Badge>
      ) : null}
      {q.task ? <TaskBadge task={q.task} taskHref={taskHref} /> : null}
    </Group>
  );
}

function Score({ side }: { side: QuestionComparison['latest'] }) {
  const text = questionScoreText(side);
  const plain = side?.score != null && !side.na;
  return (
    <Text component="span" size={plain ? 'sm' : 'xs'} c={plain ? undefined : 'dimmed'} {...NUM}>
      {text}
    </Text>
  );
}

/**
 * A section's questions compared: key, title, both scores, change and trend, with markers for
 * a question changed between framework versions and for gaps. The question in focus is
 * highlighted (`aria-current`) and scrolled into view. On a phone, one card per question.
 */
export function QuestionsTable({
  label,
  questions,
  focusKey,
  hrefFor,
  taskHref,
}: QuestionsTableProps) {
  useEffect(() => {
    if (!focusKey) return;
    // After the navigation's own scroll to the top (a parent's effect, run after this one).
    const timer = window.setTimeout(() => {
      const rows = document.querySelectorAll<HTMLElement>('[data-focused-question]');
      const visible = [...rows].find((el) => el.getClientRects().length > 0);
      visible?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }, 50);
    return () => window.clearTimeout(timer);
  }, [focusKey]);

  const key = (q: QuestionComparison) => (
    <Anchor component={Link} to={hrefFor(q.key)} size="xs" underline="hover">
      <Code>{q.key}</Code>
    </Anchor>
  );
  const focusProps = (q: QuestionComparison) =>
    q.key === focusKey
      ? { 'aria-current': true as const, 'data-focused-question': '', bg: FOCUSED }
      : {};

  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table highlightOnHover aria-label={label} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('questions.head.key')}</Table.Th>
              <Table.Th>{t('questions.head.question')}</Table.Th>
              <Table.Th ta="right">{t('questions.head.baseline')}</Table.Th>
              <Table.Th ta="right">{t('questions.head.latest')}</Table.Th>
              <Table.Th ta="right">{t('questions.head.change')}</Table.Th>
              <Table.Th>{t('questions.head.trend')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {questions.map((q) => (
              <Table.Tr key={q.key} {...focusProps(q)}>
                <Table.Td style={{ verticalAlign: 'top' }}>{key(q)}</Table.Td>
                <Table.Td maw={380}>
                  <Text size="sm" style={NAME_WRAP} fw={q.key === focusKey ? 600 : undefined}>
                    {q.title}
                  </Text>
                  <Markers q={q} taskHref={taskHref} />
                </Table.Td>
                <Table.Td ta="right">
                  <Score side={q.baseline} />
                </Table.Td>
                <Table.Td ta="right">
                  <Score side={q.latest} />
                </Table.Td>
                <Table.Td ta="right">
                  <DeltaText delta={q.delta} />
                </Table.Td>
                <Table.Td>
                  <TrendBadge trend={q.trend} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack
        gap="xs"
        hiddenFrom="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={label}
      >
        {questions.map((q) => (
          <Card key={q.key} withBorder padding="sm" component="li" {...focusProps(q)}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                {key(q)}
                <TrendBadge trend={q.trend} size="xs" />
              </Group>
              <Text size="sm" style={NAME_WRAP} fw={q.key === focusKey ? 600 : undefined}>
                {q.title}
              </Text>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" {...NUM}>
                  <Score side={q.baseline} /> → <Score side={q.latest} />
                </Text>
                <DeltaText delta={q.delta} />
              </Group>
              <Markers q={q} taskHref={taskHref} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
