import type { ContentScope, PlaybookPriority } from '@tenantry/shared';
import { Badge, Group } from '@mantine/core';

export function ScopeBadge({ scope }: { scope: ContentScope }) {
  return (
    <Badge color={scope === 'global' ? 'indigo' : 'gray'} variant="light" size="sm">
      {scope === 'global' ? 'Global' : 'Your account'}
    </Badge>
  );
}

const PRIORITY: Record<PlaybookPriority, { label: string; color: string }> = {
  low: { label: 'Low', color: 'gray' },
  medium: { label: 'Medium', color: 'blue' },
  high: { label: 'High', color: 'orange' },
  critical: { label: 'Critical', color: 'red' },
};

export function PriorityBadge({ priority }: { priority: PlaybookPriority }) {
  const p = PRIORITY[priority];
  return (
    <Badge color={p.color} variant="dot" size="sm">
      {p.label} priority
    </Badge>
  );
}

export function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4} aria-label="Tags">
      {tags.map((t) => (
        <Badge key={t} variant="outline" color="gray" size="sm" tt="none">
          {t}
        </Badge>
      ))}
    </Group>
  );
}
