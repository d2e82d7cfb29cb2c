import { formatScore, type AssessmentResults } from '@tenantry/shared';
import {
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { TableOrCards } from '#web/components/TableOrCards.tsx';
import { useDocumentTitle } from '#web/components/use-document-title.ts';
import { useResults } from '../api/get-results.ts';
import {
  baselineSentence,
  countLines,
  formatPoints,
  gapLabel,
  taskLabel,
} from '../lib/results-view.ts';
import { t } from '../messages.ts';

export interface ResultsScreenProps {
  tenantId: string;
  assessmentId: string;
  /** The assessment's own screen. */
  assessmentHref: string;
  /** The actions of the header (tasks for gaps, the PDF, the CSV), given the results. */
  actions: (r: AssessmentResults) => ReactNode;
}

const NUM = { style: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } } as const;

function GapText({ gap }: { gap: number | null }) {
  const text = gapLabel(gap);
  return (
    <Text size="sm" c={gap === 0 ? 'green' : gap === null ? 'dimmed' : 'orange'} fw={500} {...NUM}>
      {text}
    </Text>
  );
}

function Summary({ r }: { r: AssessmentResults }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Card withBorder padding="md">
        <Text size="sm" c="dimmed">
          {t('summary.overall')}
        </Text>
        <Group gap="xs" align="baseline">
          <Text fz={32} fw={700} {...NUM}>
            {formatScore(r.overall.score)}
          </Text>
          {r.overall.provisional ? (
            <Badge color="gray" variant="light">
              {t('summary.provisional')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('summary.completion', {
            completion: formatScore(r.overall.completion),
            answered: r.counts.answered,
            total: r.counts.total,
          })}
        </Text>
      </Card>
      <Card withBorder padding="md">
        <Text size="sm" c="dimmed" mb={4}>
          {t('summary.questions')}
        </Text>
        <dl
          style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: '2px 12px' }}
        >
          {countLines(r.counts).map((l) => (
            <Group key={l.label} display="contents">
              <Text component="dt" size="sm">
                {l.label}
              </Text>
              <Text component="dd" size="sm" fw={600} m={0} ta="right" {...NUM}>
                {l.value}
              </Text>
            </Group>
          ))}
        </dl>
      </Card>
      <Card withBorder padding="md">
        <Text size="sm" c="dimmed">
          {t('summary.baseline')}
        </Text>
        {r.baseline.kind === 'compared' ? (
          <Text fz={32} fw={700} {...NUM}>
            {formatPoints(r.baseline.delta)}
          </Text>
        ) : null}
        <Text size="sm">{baselineSentence(r.baseline)}</Text>
      </Card>
    </SimpleGrid>
  );
}

function Sections({ r }: { r: AssessmentResults }) {
  const items = r.sections.map((s) => ({ ...s, id: s.key }));
  const compared = r.baseline.kind === 'compared';
  return (
    <TableOrCards
      label={t('sections.label')}
      items={items}
      minWidth={640}
      head={
        <>
          <Table.Th>{t('sections.section')}</Table.Th>
          <Table.Th>{t('sections.score')}</Table.Th>
          <Table.Th>{t('sections.target')}</Table.Th>
          <Table.Th>{t('sections.againstTarget')}</Table.Th>
          <Table.Th>{t('sections.answered')}</Table.Th>
          {compared ? <Table.Th>{t('sections.sinceBaseline')}</Table.Th> : null}
        </>
      }
      row={(s) => (
        <>
          <Table.Td style={{ paddingLeft: 12 + 20 * s.depth, ...NAME_WRAP }}>
            <Text size="sm" fw={s.depth === 0 ? 600 : 400}>
              {s.title}
            </Text>
          </Table.Td>
          <Table.Td {...NUM}>{formatScore(s.score)}</Table.Td>
          <Table.Td {...NUM}>{formatScore(s.target)}</Table.Td>
          <Table.Td>
            <GapText gap={s.gap} />
          </Table.Td>
          <Table.Td {...NUM}>
            {s.answered}/{s.total}
          </Table.Td>
          {compared ? <Table.Td {...NUM}>{formatPoints(s.delta)}</Table.Td> : null}
        </>
      )}
      card={(s) => (
        <Stack gap={2} pl={12 * s.depth}>
          <Text size="sm" fw={600} style={NAME_WRAP}>
            {s.title}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" {...NUM}>
              {t('sections.card.ofTarget', {
                score: formatScore(s.score),
                target: formatScore(s.target),
              })}
            </Text>
            <GapText gap={s.gap} />
          </Group>
          <Text size="xs" c="dimmed">
            {compared
              ? t('sections.card.answeredSince', {
                  answered: s.answered,
                  total: s.total,
                  delta: formatPoints(s.delta),
                })
              : t('sections.card.answered', { answered: s.answered, total: s.total })}
          </Text>
        </Stack>
      )}
    />
  );
}

function Gaps({ r }: { r: AssessmentResults }) {
  if (r.gaps.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('gaps.none')}
      </Text>
    );
  }
  const items = r.gaps.map((g) => ({ ...g, id: g.key }));
  return (
    <TableOrCards
      label={t('gaps.label')}
      items={items}
      minWidth={720}
      head={
        <>
          <Table.Th>{t('gaps.question')}</Table.Th>
          <Table.Th>{t('gaps.section')}</Table.Th>
          <Table.Th>{t('gaps.weight')}</Table.Th>
          <Table.Th>{t('gaps.answer')}</Table.Th>
          <Table.Th>{t('gaps.scoreTarget')}</Table.Th>
          <Table.Th>{t('gaps.task')}</Table.Th>
        </>
      }
      row={(g) => (
        <>
          <Table.Td style={NAME_WRAP}>
            <Text size="sm" fw={500}>
              {g.title}
            </Text>
            <Text size="xs" c="dimmed">
              {g.key}
            </Text>
          </Table.Td>
          <Table.Td style={NAME_WRAP}>{g.sectionTitle}</Table.Td>
          <Table.Td {...NUM}>{g.weight}</Table.Td>
          <Table.Td style={NAME_WRAP}>{g.answer || '—'}</Table.Td>
          <Table.Td {...NUM}>
            {formatScore(g.score)} / {formatScore(g.target ?? 1)}
          </Table.Td>
          <Table.Td>
            <Text size="sm" c={g.task ? undefined : 'dimmed'}>
              {taskLabel(g.task)}
            </Text>
          </Table.Td>
        </>
      )}
      card={(g) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} style={NAME_WRAP}>
            {g.title}
          </Text>
          <Text size="xs" c="dimmed" style={NAME_WRAP}>
            {t('gaps.card.meta', {
              section: g.sectionTitle,
              weight: g.weight,
              answer: g.answer || '—',
            })}
          </Text>
          <Text size="sm" {...NUM}>
            {t('gaps.card.score', {
              score: formatScore(g.score),
              target: formatScore(g.target ?? 1),
              task: taskLabel(g.task),
            })}
          </Text>
        </Stack>
      )}
    />
  );
}

function Changes({ r }: { r: AssessmentResults }) {
  if (r.baseline.kind !== 'compared' || r.baseline.changes.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="results-changes">
      <Title order={2} size="h4" id="results-changes">
        {t('changes.title')}
      </Title>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {r.baseline.changes.map((c) => (
          <Group key={c.key} component="li" gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" style={NAME_WRAP}>
              {c.title}
            </Text>
            <Text size="sm" fw={600} c={c.trend === 'regressed' ? 'red' : 'green'} {...NUM}>
              {formatScore(c.baseline)} → {formatScore(c.latest)} ({formatPoints(c.delta)})
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * An assessment's results (docs/assessments.md, "Results"): the overall and per-section scores
 * against targets, plain counts, the gaps ranked by weight with their tasks, what changed
 * since the baseline, and the actions the route gives.
 */
export function ResultsScreen({
  tenantId,
  assessmentId,
  assessmentHref,
  actions,
}: ResultsScreenProps) {
  const q = useResults(tenantId, assessmentId);
  const r = q.data;
  useDocumentTitle(
    r ? t('screen.documentTitleOf', { name: r.assessment.name }) : t('screen.documentTitle'),
  );
  if (q.isError) return <ErrorAlert error={q.error} title={t('screen.loadFailed')} />;
  if (!r) {
    return (
      <Stack gap="sm" aria-busy aria-label={t('screen.loading')}>
        <Skeleton height={40} />
        <Skeleton height={120} />
        <Skeleton height={200} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={assessmentHref} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden /> {t('header.back')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={0} miw={0} flex="1 1 260px">
            <Title order={2} size="h3" style={NAME_WRAP}>
              {t('header.title', { name: r.assessment.name })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('header.framework', {
                framework: r.assessment.framework.name,
                version: r.assessment.framework.version,
              })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            {actions(r)}
          </Group>
        </Group>
      </Stack>
      <Summary r={r} />
      <Stack gap="xs" component="section" aria-labelledby="results-sections">
        <Title order={2} size="h4" id="results-sections">
          {t('sections.title')}
        </Title>
        <Sections r={r} />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="results-gaps">
        <Title order={2} size="h4" id="results-gaps">
          {t('gaps.title', { count: r.counts.gaps })}
        </Title>
        <Gaps r={r} />
      </Stack>
      <Changes r={r} />
    </Stack>
  );
}
