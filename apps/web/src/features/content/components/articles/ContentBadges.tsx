import type { ContentScope, ContentStatus } from '@tenantry/shared';
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
