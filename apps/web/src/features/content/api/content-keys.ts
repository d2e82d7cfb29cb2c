import type { ContentScope, VersionRef } from '@tenantry/shared';

export interface FrameworkListFilters {
  q?: string;
  scope?: ContentScope;
}

/** Query keys of the frameworks feature (one place, so mutations invalidate the right ones). */
export const frameworkKeys = {
  all: ['frameworks'] as const,
  lists: () => [...frameworkKeys.all, 'list'] as const,
  list: (filters: FrameworkListFilters) => [...frameworkKeys.lists(), filters] as const,
  /** One framework for authoring (GET /content/frameworks/{id}); its diffs live below it. */
  detail: (id: string) => [...frameworkKeys.all, 'detail', id] as const,
  diffs: (id: string) => [...frameworkKeys.detail(id), 'diff'] as const,
  diff: (id: string, from: VersionRef, to: VersionRef) =>
    [...frameworkKeys.diffs(id), String(from), String(to)] as const,
  /** The playbooks a question may link to (authored and published ones). */
  playbookChoices: () => [...frameworkKeys.all, 'playbook-choices'] as const,
};
