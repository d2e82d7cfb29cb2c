import { Badge, Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronRight,
  IconCircle,
  IconCircleCheck,
  IconCircleMinus,
} from '@tabler/icons-react';
import { memo } from 'react';
import type { AnswerState } from '../lib/questions.ts';
import {
  belowTarget,
  sectionSummary,
  type TreeQuestion,
  type TreeSection,
} from '../lib/section-tree.ts';
import { t } from '../messages.ts';

const STATE = {
  unanswered: {
    Icon: IconCircle,
    color: 'var(--mantine-color-dimmed)',
    labelKey: 'tree.state.unanswered',
  },
  answered: {
    Icon: IconCircleCheck,
    color: 'var(--mantine-color-teal-6)',
    labelKey: 'tree.state.answered',
  },
  na: { Icon: IconCircleMinus, color: 'var(--mantine-color-gray-6)', labelKey: 'tree.state.na' },
  gap: {
    Icon: IconAlertTriangle,
    color: 'var(--mantine-color-orange-6)',
    labelKey: 'tree.state.gap',
  },
} as const satisfies Record<
  AnswerState,
  { Icon: typeof IconCircle; color: string; labelKey: string }
>;

const SELECTED_BG = 'var(--mantine-primary-color-light)';
const indent = (depth: number) => Math.min(depth, 5) * 12;

export interface SectionTreeProps {
  sections: readonly TreeSection[];
  current: string | null;
  expanded: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onSelect: (key: string) => void;
}

const QuestionRow = memo(function QuestionRow({
  q,
  depth,
  selected,
  onSelect,
}: {
  q: TreeQuestion;
  depth: number;
  selected: boolean;
  onSelect: (key: string) => void;
}) {
  const { Icon, color, labelKey } = STATE[q.state];
  const label = t(labelKey);
  return (
    <li>
      <UnstyledButton
        onClick={() => onSelect(q.key)}
        aria-current={selected ? 'true' : undefined}
        data-question={q.key}
        w="100%"
        py={3}
        pr={4}
        pl={indent(depth) + 26}
        bg={selected ? SELECTED_BG : undefined}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        title={`${q.key} ${q.title}`}
      >
        <Group gap={6} wrap="nowrap" miw={0}>
          <Icon size={15} color={color} aria-hidden style={{ flexShrink: 0 }} />
          <Text component="span" size="xs" ff="monospace" c="dimmed" style={{ flexShrink: 0 }}>
            {q.key}{' '}
          </Text>
          <Text component="span" size="sm" truncate miw={0} flex={1}>
            {q.title}
          </Text>
          {q.review ? (
            <Badge color="yellow" variant="light" size="xs" tt="none" style={{ flexShrink: 0 }}>
              {t('tree.review')}
            </Badge>
          ) : null}
          {q.confirm ? (
            <Badge color="blue" variant="light" size="xs" tt="none" style={{ flexShrink: 0 }}>
              {t('tree.confirm')}
            </Badge>
          ) : null}
          <VisuallyHidden>
            {t(q.confirm ? 'tree.stateConfirm' : 'tree.stateOnly', { label })}
          </VisuallyHidden>
        </Group>
      </UnstyledButton>
    </li>
  );
});

function SectionNode({
  s,
  current,
  expanded,
  onToggle,
  onSelect,
}: Omit<SectionTreeProps, 'sections'> & { s: TreeSection }) {
  const open = expanded.has(s.key);
  const summary = sectionSummary(s.progress);
  const low = belowTarget(s.progress);
  const p = s.progress;
  return (
    <li>
      <Group gap={2} wrap="nowrap" pl={indent(s.depth)} align="flex-start">
        <UnstyledButton
          onClick={() => onToggle(s.key)}
          aria-expanded={open}
          aria-label={t(open ? 'tree.collapse' : 'tree.expand', { key: s.key })}
          p={4}
          style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {open ? (
            <IconChevronDown size={16} aria-hidden />
          ) : (
            <IconChevronRight size={16} aria-hidden />
          )}
        </UnstyledButton>
        <UnstyledButton
          onClick={() => onSelect(s.key)}
          flex={1}
          miw={0}
          py={3}
          pr={4}
          title={
            p && p.target !== null
              ? t('tree.sectionTarget', {
                  key: s.key,
                  title: s.title,
                  percent: Math.round(p.target * 100),
                })
              : `${s.key} ${s.title}`
          }
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Group gap={6} wrap="nowrap" miw={0} justify="space-between" align="flex-start">
            <Text
              component="span"
              size="sm"
              fw={600}
              lineClamp={2}
              miw={0}
              style={{ overflowWrap: 'anywhere' }}
            >
              <Text component="span" size="xs" ff="monospace" c="dimmed" fw={400}>
                {s.key}
              </Text>{' '}
              {s.title}
            </Text>
            {summary ? (
              <Text
                component="span"
                size="xs"
                c={low ? 'orange.8' : 'dimmed'}
                mt={2}
                style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              >
                {summary}
                {p && p.target !== null ? (
                  <VisuallyHidden>
                    {t('tree.target', { percent: Math.round(p.target * 100) })}
                  </VisuallyHidden>
                ) : null}
              </Text>
            ) : null}
          </Group>
        </UnstyledButton>
      </Group>
      {open ? (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {s.questions.map((q) => (
            <QuestionRow
              key={q.key}
              q={q}
              depth={s.depth}
              selected={q.key === current}
              onSelect={onSelect}
            />
          ))}
          {s.sections.map((c) => (
            <SectionNode
              key={c.key}
              s={c}
              current={current}
              expanded={expanded}
              onToggle={onToggle}
              onSelect={onSelect}
            />
          ))}
        </Stack>
      ) : null}
    </li>
  );
}

/**
 * The assessment's sections, nested, each with answered/total and its score (orange below
 * its target); an open section lists its questions with where each stands (and "Review" on
 * those to review after a carry-forward).
 */
export function SectionTree({ sections, ...rest }: SectionTreeProps) {
  if (sections.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="xs" role="status">
        {t('tree.noMatch')}
      </Text>
    );
  }
  return (
    <Box component="nav" aria-label={t('tree.label')}>
      <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {sections.map((s) => (
          <SectionNode key={s.key} s={s} {...rest} />
        ))}
      </Stack>
    </Box>
  );
}
