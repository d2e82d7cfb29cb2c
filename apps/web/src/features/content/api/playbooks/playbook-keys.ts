import type { ContentScope } from '@tenantry/shared';

export interface PlaybookListFilters {
  q: string;
  scope: ContentScope | null;
  tag: string;
}

/** Query keys of the playbook authoring feature (mutations invalidate through them). */
export const playbookKeys = {
  all: ['content-playbooks'] as const,
  lists: () => [...playbookKeys.all, 'list'] as const,
  list: (filters: PlaybookListFilters) => [...playbookKeys.lists(), filters] as const,
  detail: (id: string) => [...playbookKeys.all, 'detail', id] as const,
};
