import {
  formatScore,
  type BaselineComparison,
  type QuestionComparison,
  type SectionComparison,
} from '@tenantry/shared';
import { Anchor, Breadcrumbs, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AcrossClientsLink } from '#web/components/AcrossClientsLink.tsx';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { childrenOf, gapText, questionsOf, targetOf } from '../lib/baseline-view.ts';
import { QuestionsTable } from './QuestionsTable.tsx';
import { SectionsTable } from './SectionsTable.tsx';
import { DeltaText, TrendBadge } from './Trend.tsx';
import { t } from '../messages.ts';

export interface SectionDetailProps {
  comparison: BaselineComparison;
  section: SectionComparison;
  trail: SectionComparison[];
  question: QuestionComparison | null;
  /** All sections (the comparison without a focus). */
  allHref: string;
  /** The URL of a focus (section or question key). */
  hrefFor: (key: string) => string;
  /** The URL of a question's remediation task. */
  taskHref: (taskId: string) => string;
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="lg" fw={700} component="div" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One section drilled into: where it sits (breadcrumb back to all sections), its figures, its
 * subsections and its own questions; a question in focus is highlighted among them.
 */
export function SectionDetail({
  comparison,
  section,
  trail,
  question,
  allHref,
  hrefFor,
  taskHref,
}: SectionDetailProps) {
  const subsections = childrenOf(comparison.sections, section.key);
  const questions = questionsOf(comparison.questions, section.key);
  const gap = gapText(section.latest);
  const met = gap === t('gap.met');

  return (
    <Stack gap="md">
      <nav aria-label={t('detail.breadcrumb')}>
        <Breadcrumbs
          separatorMargin={6}
          styles={{ root: { flexWrap: 'wrap', rowGap: 4 }, breadcrumb: NAME_WRAP }}
        >
          <Anchor component={Link} to={allHref} size="sm">
            {t('detail.allSections')}
          </Anchor>
          {trail.map((s) => (
            <Anchor key={s.key} component={Link} to={hrefFor(s.key)} size="sm">
              {s.title}
            </Anchor>
          ))}
          {question ? (
            <Anchor component={Link} to={hrefFor(section.key)} size="sm">
              {section.title}
            </Anchor>
          ) : (
            <Text size="sm" fw={500} aria-current="page">
              {section.title}
            </Text>
          )}
          {question ? (
            <Text size="sm" fw={500} aria-current="page">
              {question.key}
            </Text>
          ) : null}
        </Breadcrumbs>
      </nav>
      {question && comparison.canManage && (comparison.latest ?? comparison.baseline) ? (
        <AcrossClientsLink
          frameworkId={(comparison.latest ?? comparison.baseline)!.framework.id}
          questionKey={question.key}
        />
      ) : null}

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap" mb="sm">
          <Title order={2} size="h4" style={NAME_WRAP}>
            {section.title}
          </Title>
          <TrendBadge trend={section.trend} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <Figure label={t('detail.baseline')}>{formatScore(section.baseline?.score)}</Figure>
          <Figure label={t('detail.latest')}>{formatScore(section.latest?.score)}</Figure>
          <Figure label={t('detail.change')}>
            <DeltaText delta={section.delta} size="lg" fw={700} />
          </Figure>
          <Figure label={t('detail.target')}>{formatScore(targetOf(section))}</Figure>
          <Figure label={t('detail.gap')}>
            <Text inherit component="span" c={met ? 'green' : gap === '—' ? 'dimmed' : 'orange'}>
              {gap}
            </Text>
          </Figure>
        </SimpleGrid>
      </Paper>

      {subsections.length > 0 ? (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('detail.subsections')}
          </Title>
          <SectionsTable
            label={t('detail.subsectionsOf', { section: section.title })}
            rows={subsections}
            all={comparison.sections}
            hrefFor={hrefFor}
          />
        </Stack>
      ) : null}

      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('detail.questions')}
        </Title>
        {questions.length > 0 ? (
          <QuestionsTable
            label={t('detail.questionsOf', { section: section.title })}
            questions={questions}
            focusKey={question?.key ?? null}
            hrefFor={hrefFor}
            taskHref={taskHref}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {subsections.length > 0 ? t('detail.questionsInSubsections') : t('detail.noQuestions')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
