import { formatScore, type Answer, type AssessmentDetail, type Question } from '@tenantry/shared';
import {
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { ScoreValue } from '#web/components/ScoreValue.tsx';
import {
  AssessmentStatusBadge,
  CompletionBar,
} from '#web/features/assessments/components/Badges.tsx';
import { describeValue } from '#web/features/assessments/lib/answer-draft.ts';
import { targetsMet } from '#web/features/assessments/lib/assessment-stats.ts';
import { dueView } from '#web/features/assessments/lib/assessment-view.ts';
import {
  QUESTION_FILTER_LABELS,
  answersByKey,
  filterCounts,
  questionOrder,
  type AnswerState,
  type QuestionFilter,
} from '#web/features/assessments/lib/questions.ts';
import {
  belowTarget,
  buildSectionTree,
  type TreeSection,
} from '#web/features/assessments/lib/section-tree.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useDrillAssessment } from '#web/features/service-console/tenants/api/tenants-api.ts';
import type { DrillHrefs } from '#web/features/service-console/tenants/lib/drill-view.ts';
import {
  DrillError,
  DrillLoading,
} from '#web/features/service-console/tenants/components/DrillStates.tsx';
import { t } from '../../../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const FILTERS = ['all', 'unanswered', 'gaps', 'na'] as const satisfies readonly QuestionFilter[];

const STATE_BADGES = {
  answered: null,
  unanswered: { labelKey: 'drill.state.unanswered', color: 'gray' },
  na: { labelKey: 'drill.state.na', color: 'gray' },
  gap: { labelKey: 'drill.state.gap', color: 'red' },
} as const satisfies Record<AnswerState, { labelKey: string; color: string } | null>;

/** A section's figures: answered of total, its score against its target. */
function SectionFigures({ s }: { s: TreeSection }) {
  const p = s.progress;
  if (!p) return null;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        {rich(
          t,
          p.target !== null ? 'drill.section.figuresTarget' : 'drill.section.figures',
          {
            answered: p.answered,
            total: p.total,
            target: p.target !== null ? formatScore(p.target) : '',
          },
          { score: <strong>{formatScore(p.score)}</strong> },
        )}
      </Text>
      {belowTarget(p) ? (
        <Badge color="red" variant="light" size="sm" tt="none">
          {t('drill.section.belowTarget')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** One question, its answer as a person reads it, its score, note and who answered. */
function QuestionRow({
  question,
  state,
  answer,
  focused,
}: {
  question: Question;
  state: AnswerState;
  answer: Answer | undefined;
  focused: boolean;
}) {
  const badge = STATE_BADGES[state];
  return (
    <Paper
      component="li"
      withBorder
      radius="sm"
      p="sm"
      id={`question-${question.key}`}
      aria-current={focused ? 'true' : undefined}
      style={focused ? { outline: '2px solid var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} style={NAME_WRAP}>
          <Text span size="xs" c="dimmed" ff="monospace" mr={6}>
            {question.key}
          </Text>
          {question.title}
        </Text>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {badge ? (
            <Badge color={badge.color} variant="light" size="sm" tt="none">
              {t(badge.labelKey)}
            </Badge>
          ) : null}
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatScore(answer?.score ?? null)}
          </Text>
        </Group>
      </Group>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {answer ? describeValue(question, answer.value, answer.na) : t('drill.question.noAnswer')}
      </Text>
      {answer?.note ? (
        <Text
          size="sm"
          c="dimmed"
          mt={4}
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {t('drill.question.note', { note: answer.note })}
        </Text>
      ) : null}
      {answer ? (
        <Text size="xs" c="dimmed" mt={4}>
          {answer.answeredBy.name} ·{' '}
          <time dateTime={answer.answeredAt}>{formatDateTime(answer.answeredAt)}</time>
        </Text>
      ) : null}
    </Paper>
  );
}

function SectionBlock({
  s,
  questions,
  answers,
  focus,
}: {
  s: TreeSection;
  questions: ReadonlyMap<string, Question>;
  answers: ReadonlyMap<string, Answer>;
  focus: string | null;
}) {
  const id = useId();
  return (
    <Box
      component="section"
      aria-labelledby={id}
      pl={s.depth > 0 ? 'md' : 0}
      style={
        s.depth > 0 ? { borderLeft: '2px solid var(--mantine-color-default-border)' } : undefined
      }
    >
      <Stack gap="xs">
        <div>
          <Title
            order={s.depth === 0 ? 3 : 4}
            size={s.depth === 0 ? 'h4' : 'h5'}
            id={id}
            style={NAME_WRAP}
          >
            {s.title}
          </Title>
          <SectionFigures s={s} />
        </div>
        {s.questions.length > 0 ? (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {s.questions.map((q) => {
              const question = questions.get(q.key);
              return question ? (
                <QuestionRow
                  key={q.key}
                  question={question}
                  state={q.state}
                  answer={answers.get(q.key)}
                  focused={focus === q.key}
                />
              ) : null;
            })}
          </Stack>
        ) : null}
        {s.sections.map((c) => (
          <SectionBlock key={c.key} s={c} questions={questions} answers={answers} focus={focus} />
        ))}
      </Stack>
    </Box>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={id}>
      <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={700} mb={6}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

function Header({ a }: { a: AssessmentDetail }) {
  const due = dueView(a.dueDate, a.status);
  const targets = targetsMet(a);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} flex="1 1 260px">
          <Title order={3} size="h3" style={NAME_WRAP}>
            {a.name}
          </Title>
          <Text size="sm" c="dimmed" style={NAME_WRAP}>
            {t('drill.header.framework', { name: a.framework.name, version: a.framework.version })}
            {a.owner ? t('drill.header.owner', { name: a.owner.name }) : ''}
            {due
              ? due.overdue
                ? t('drill.header.dueOverdue', { date: due.label })
                : t('drill.header.due', { date: due.label })
              : ''}
            {a.completedAt
              ? t('drill.header.completed', { date: formatDateTime(a.completedAt) })
              : ''}
          </Text>
        </Stack>
        <Group gap={6}>
          <AssessmentStatusBadge status={a.status} />
          {a.isBaseline ? (
            <Badge variant="outline" tt="none">
              {t('drill.header.baseline')}
            </Badge>
          ) : null}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label={t('drill.figure.score')}>
          <ScoreValue
            size="xl"
            fw={700}
            score={a.score}
            provisional={a.progress.provisional}
            answered={a.answered}
            total={a.total}
          />
        </Figure>
        <Figure label={t('drill.figure.answered')}>
          <CompletionBar
            answered={a.answered}
            total={a.total}
            completion={a.completion}
            label={t('drill.figure.answeredIn', { name: a.name })}
            w="100%"
          />
        </Figure>
        <Figure label={t('drill.figure.gaps')}>
          <Text size="sm">
            {targets.measured > 0
              ? t('drill.figure.gapsTargets', {
                  gaps: a.progress.gaps.length,
                  met: targets.met,
                  measured: targets.measured,
                })
              : t('drill.figure.gapsOnly', { gaps: a.progress.gaps.length })}
          </Text>
        </Figure>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * One assessment, read-only: its header (status, framework, score, answered, gaps) and its
 * questions by section, each with its answer, score and note; a filter for unanswered, gap and
 * N/A questions; `?q=` names a question to bring into view.
 */
export function DrillAssessment({
  accountId,
  tenantId,
  assessmentId,
  href,
}: {
  accountId: string;
  tenantId: string;
  assessmentId: string;
  href: DrillHrefs;
}) {
  const query = useDrillAssessment(accountId, tenantId, assessmentId);
  const [params] = useSearchParams();
  const focus = params.get('q');
  const [filter, setFilter] = useState<QuestionFilter>('all');
  const listHref = href.tab(tenantId, 'assessments');
  const a = query.data;
  const view = useMemo(() => {
    if (!a) return null;
    const answers = answersByKey(a.answers);
    const order = questionOrder(a.document);
    return {
      answers,
      questions: new Map(order.map((e) => [e.question.key, e.question])),
      counts: filterCounts(order, answers, new Set(a.progress.gaps)),
    };
  }, [a]);
  const tree = useMemo(
    () =>
      a && view
        ? buildSectionTree({
            doc: a.document,
            progress: a.progress,
            answers: view.answers,
            filter,
            current: focus,
          })
        : [],
    [a, view, filter, focus],
  );
  useEffect(() => {
    if (a && focus)
      document.getElementById(`question-${focus}`)?.scrollIntoView({ block: 'center' });
  }, [a, focus]);

  if (query.isPending) {
    return <DrillLoading label={t('drill.assessment.loading')} heights={[28, 90, 320]} />;
  }
  if (query.isError || !a || !view) {
    return (
      <DrillError
        error={query.error ?? new Error(t('drill.assessment.notLoaded'))}
        what={t('drill.assessment.what')}
        back={{ to: listHref, label: t('drill.assessment.back') }}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      <Anchor component={Link} to={listHref} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> {t('drill.assessment.all')}
        </Group>
      </Anchor>
      <Header a={a} />
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Title order={3} size="h4">
          {t('drill.questions')}
        </Title>
        <SegmentedControl
          aria-label={t('drill.questions.show')}
          value={filter}
          onChange={(v) => setFilter(v as QuestionFilter)}
          data={FILTERS.map((f) => ({
            value: f,
            label: `${QUESTION_FILTER_LABELS[f]} ${view.counts[f]}`,
          }))}
        />
      </Group>
      {tree.length === 0 ? (
        <Card withBorder padding="lg">
          <Text c="dimmed" role="status">
            {view.counts.all === 0
              ? t('drill.questions.none')
              : t('drill.questions.noneOfFilter', {
                  filter: QUESTION_FILTER_LABELS[filter].toLowerCase(),
                })}
          </Text>
        </Card>
      ) : (
        <Stack gap="lg">
          {tree.map((s) => (
            <SectionBlock
              key={s.key}
              s={s}
              questions={view.questions}
              answers={view.answers}
              focus={focus}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
