import type { FrameworkDiff } from '@tenantry/shared';
import { Badge, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { diffFieldLabel, diffSummary, isEmptyDiff } from '../lib/framework-status.ts';
import { t } from '../messages.ts';

type DiffNode = FrameworkDiff['added'][number];

function NodeLine({ node }: { node: DiffNode }) {
  return (
    <Text size="sm" component="span" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {node.kind === 'section' ? t('diff.node.section') : t('diff.node.question')}{' '}
      </Text>
      <Code>{node.key}</Code> {node.title}
      {node.path.length > 0 ? (
        <Text span c="dimmed" size="xs">
          {' '}
          {t('diff.node.in', { path: node.path.join(' › ') })}
        </Text>
      ) : null}
    </Text>
  );
}

function Block({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {title} ({count})
      </Title>
      {children}
    </Stack>
  );
}

/**
 * What changed from one version to another, by stable key: added, removed, and changed nodes
 * with the fields that changed (and the previous title); answers that need review are marked.
 */
export function FrameworkDiffView({ diff, label }: { diff: FrameworkDiff; label: string }) {
  if (isEmptyDiff(diff)) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('diff.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" aria-label={label} role="region">
      <Text size="sm" fw={500}>
        {diffSummary(diff)}
      </Text>
      <Block title={t('diff.added')} count={diff.added.length}>
        <List size="sm" spacing={2}>
          {diff.added.map((n) => (
            <List.Item key={n.key}>
              <NodeLine node={n} />
            </List.Item>
          ))}
        </List>
      </Block>
      <Block title={t('diff.removed')} count={diff.removed.length}>
        <List size="sm" spacing={2}>
          {diff.removed.map((n) => (
            <List.Item key={n.key}>
              <NodeLine node={n} />
            </List.Item>
          ))}
        </List>
      </Block>
      <Block title={t('diff.changed')} count={diff.changed.length}>
        <List size="sm" spacing={6}>
          {diff.changed.map((n) => (
            <List.Item key={n.key}>
              <Stack gap={2}>
                <NodeLine node={n} />
                {n.previousTitle !== undefined ? (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {t('diff.was', { title: n.previousTitle })}
                  </Text>
                ) : null}
                <Group gap={4} wrap="wrap">
                  {n.fields.map((f) => (
                    <Badge key={f} size="xs" variant="light" color="blue" tt="none">
                      {diffFieldLabel(f)}
                    </Badge>
                  ))}
                  {n.affectsAnswers ? (
                    <Badge size="xs" variant="light" color="orange" tt="none">
                      {t('diff.affectsAnswers')}
                    </Badge>
                  ) : null}
                </Group>
              </Stack>
            </List.Item>
          ))}
        </List>
      </Block>
    </Stack>
  );
}
