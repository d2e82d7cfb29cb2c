import type { QuestionType } from '@tenantry/shared';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlignLeft,
  IconChevronDown,
  IconChevronRight,
  IconCircleCheck,
  IconCircleDot,
  IconFolder,
  IconHash,
  IconPlus,
  IconSettings,
  IconSquareCheck,
  IconStairs,
} from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import type { ProblemCounts } from '../lib/document-problems.ts';
import { ROOT_REF, type NodeRef, type TreeRow } from '../lib/framework-tree.ts';
import { t } from '../messages.ts';

const TYPE_ICONS: Record<QuestionType, typeof IconCircleCheck> = {
  yes_no: IconCircleCheck,
  maturity: IconStairs,
  single_choice: IconCircleDot,
  multiple_choice: IconSquareCheck,
  number: IconHash,
  text: IconAlignLeft,
};

/** Indent per level, capped so a deep tree still fits a phone. */
const indent = (depth: number) => Math.min(depth, 6) * 14;

const SELECTED_BG = 'var(--mantine-primary-color-light)';

interface RowProps extends TreeRow {
  selected: boolean;
  problems: number;
  onSelect: (ref: NodeRef) => void;
  onToggle: (key: string) => void;
}

function ProblemBadge({ count, label }: { count: number; label: string }) {
  if (count === 0) return null;
  return (
    <Badge
      color="red"
      variant="filled"
      size="xs"
      circle={count < 10}
      aria-label={label}
      title={label}
    >
      {count}
    </Badge>
  );
}

const Row = memo(function Row({
  nodeRef,
  kind,
  nodeKey,
  title,
  depth,
  questionType,
  hasChildren,
  expanded,
  selected,
  problems,
  onSelect,
  onToggle,
}: RowProps) {
  const Icon = kind === 'section' ? IconFolder : TYPE_ICONS[questionType ?? 'text'];
  return (
    <Group
      component="li"
      gap={2}
      wrap="nowrap"
      pl={indent(depth - 1)}
      pr={4}
      bg={selected ? SELECTED_BG : undefined}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      {kind === 'section' ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={
            expanded ? t('tree.collapse', { key: nodeKey }) : t('tree.expand', { key: nodeKey })
          }
          aria-expanded={expanded}
          onClick={() => onToggle(nodeKey)}
          disabled={!hasChildren}
        >
          {expanded && hasChildren ? (
            <IconChevronDown size={14} aria-hidden />
          ) : (
            <IconChevronRight size={14} aria-hidden />
          )}
        </ActionIcon>
      ) : (
        <Box w={22} style={{ flexShrink: 0 }} />
      )}
      <UnstyledButton
        onClick={() => onSelect(nodeRef)}
        aria-current={selected ? 'true' : undefined}
        py={4}
        px={4}
        flex={1}
        miw={0}
        data-node-ref={nodeRef}
        title={`${nodeKey} ${title}`}
      >
        <Group component="span" gap={6} wrap="nowrap" miw={0}>
          <Icon size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text
            component="span"
            size="xs"
            ff="monospace"
            c="dimmed"
            style={{ flexShrink: 0, maxWidth: '45%' }}
            truncate
          >
            {/* The space keeps key and title apart in the button's name. */}
            {nodeKey}{' '}
          </Text>
          <Text
            component="span"
            size="sm"
            truncate
            fw={kind === 'section' ? 600 : 400}
            miw={0}
            flex={1}
          >
            {title || t('tree.noTitle')}
          </Text>
        </Group>
      </UnstyledButton>
      <ProblemBadge
        count={problems}
        label={t('tree.nodeProblems', { count: problems, key: nodeKey })}
      />
    </Group>
  );
});

interface FrameworkTreeProps {
  rows: readonly TreeRow[];
  selected: NodeRef;
  problems: ProblemCounts;
  onSelect: (ref: NodeRef) => void;
  onToggle: (key: string) => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  onAddSection: () => void;
  /** The framework's own row ("Framework details"). */
  rootLabel: ReactNode;
}

/**
 * The framework as a tree: its details, then sections (open or closed) with their questions
 * and sub-sections, each with its key; a red count where something must be fixed.
 */
export function FrameworkTree({
  rows,
  selected,
  problems,
  onSelect,
  onToggle,
  onExpandAll,
  onCollapseAll,
  onAddSection,
  rootLabel,
}: FrameworkTreeProps) {
  const rootProblems = problems.own.get(ROOT_REF) ?? 0;
  return (
    <Paper withBorder p="xs" component="nav" aria-label={t('tree.label')}>
      <Stack gap={6}>
        <Group justify="space-between" gap={4} wrap="wrap">
          <Text size="sm" fw={600}>
            {t('tree.title')}
          </Text>
          <Group gap={2}>
            <Button variant="subtle" size="compact-xs" onClick={onExpandAll}>
              {t('tree.expandAll')}
            </Button>
            <Button variant="subtle" size="compact-xs" onClick={onCollapseAll}>
              {t('tree.collapseAll')}
            </Button>
          </Group>
        </Group>
        {/* A plain scroller: rows never scroll sideways, long titles are cut instead. */}
        <Box
          component="ul"
          m={0}
          p={0}
          style={{
            listStyle: 'none',
            maxHeight: 'min(70vh, 760px)',
            overflowY: 'auto',
            overflowX: 'hidden',
            overscrollBehavior: 'contain',
          }}
        >
          <Group
            component="li"
            gap={2}
            wrap="nowrap"
            pr={4}
            bg={selected === ROOT_REF ? SELECTED_BG : undefined}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <UnstyledButton
              onClick={() => onSelect(ROOT_REF)}
              aria-current={selected === ROOT_REF ? 'true' : undefined}
              py={4}
              px={4}
              flex={1}
              miw={0}
            >
              <Group component="span" gap={6} wrap="nowrap" miw={0}>
                <IconSettings size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Text component="span" size="sm" fw={600} truncate>
                  {rootLabel}
                </Text>
              </Group>
            </UnstyledButton>
            <ProblemBadge
              count={rootProblems}
              label={t('tree.rootProblems', { count: rootProblems })}
            />
          </Group>
          {rows.map((row) => (
            <Row
              key={row.nodeRef}
              {...row}
              selected={row.nodeRef === selected}
              problems={
                (row.kind === 'section'
                  ? row.expanded
                    ? problems.own.get(row.nodeRef)
                    : problems.within.get(row.nodeRef)
                  : problems.own.get(row.nodeRef)) ?? 0
              }
              onSelect={onSelect}
              onToggle={onToggle}
            />
          ))}
        </Box>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" px={4}>
            {t('tree.empty')}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={onAddSection}
          >
            {t('tree.addSection')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
