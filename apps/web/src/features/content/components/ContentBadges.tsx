import type { ContentScope, ContentStatus, PlaybookPriority } from '@tenantry/shared';
import { Badge } from '@mantine/core';

/** Draft or published. */
export function StatusBadge({ status }: { status: ContentStatus }) {
  return status === 'published' ? (
    <Badge color="teal" variant="light" size="sm">
      Published
    </Badge>
  ) : (
    <Badge color="gray" variant="outline" size="sm">
      Draft
    </Badge>
  );
}

/** Global (every account) or private (this account). */
export function ScopeBadge({ scope }: { scope: ContentScope }) {
  return (
    <Badge color={scope === 'global' ? 'indigo' : 'gray'} variant="light" size="sm">
      {scope === 'global' ? 'Global' : 'Private'}
    </Badge>
  );
}

const PRIORITY_COLORS: Record<PlaybookPriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  critical: 'red',
};

export const PRIORITY_LABELS: Record<PlaybookPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export function PriorityBadge({ priority }: { priority: PlaybookPriority }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="dot" size="sm">
      {PRIORITY_LABELS[priority]} priority
    </Badge>
  );
}
