import type { ContentScope, ContentStatus, PlaybookPriority } from '@tenantry/shared';
import { Badge, Group } from '@mantine/core';
import { SCOPE_LABELS, SCOPE_READER_LABELS } from '#web/lib/content/scope-labels.ts';
import { t } from './messages.ts';

/** Draft or published. */
export function StatusBadge({ status }: { status: ContentStatus }) {
  return status === 'published' ? (
    <Badge color="teal" variant="light" size="sm">
      {t('badge.published')}
    </Badge>
  ) : (
    <Badge color="gray" variant="outline" size="sm">
      {t('badge.draft')}
    </Badge>
  );
}

/**
 * Global (every account) or private (this account): "Private" to its authors, "Your account"
 * to readers in explore.
 */
export function ScopeBadge({
  scope,
  forReaders = false,
}: {
  scope: ContentScope;
  forReaders?: boolean;
}) {
  return (
    <Badge color={scope === 'global' ? 'indigo' : 'gray'} variant="light" size="sm">
      {(forReaders ? SCOPE_READER_LABELS : SCOPE_LABELS)[scope]}
    </Badge>
  );
}

const PRIORITY_COLORS: Record<PlaybookPriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  critical: 'red',
};

/** A priority in a word (getters: read where shown, in the language chosen at boot). */
export const PRIORITY_LABELS: Record<PlaybookPriority, string> = {
  get low() {
    return t('priority.low');
  },
  get medium() {
    return t('priority.medium');
  },
  get high() {
    return t('priority.high');
  },
  get critical() {
    return t('priority.critical');
  },
};

export function PriorityBadge({ priority }: { priority: PlaybookPriority }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="dot" size="sm">
      {t(`badge.priority.${priority}`)}
    </Badge>
  );
}

/** An item's tags: outlined under a summary (explore), filled in an authoring list. */
export function Tags({ tags, filled = false }: { tags: string[]; filled?: boolean }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4} mt={filled ? 4 : undefined} aria-label={t('badge.tags')}>
      {tags.map((t) =>
        filled ? (
          <Badge key={t} variant="light" size="sm" tt="none">
            {t}
          </Badge>
        ) : (
          <Badge key={t} variant="outline" color="gray" size="sm" tt="none">
            {t}
          </Badge>
        ),
      )}
    </Group>
  );
}
