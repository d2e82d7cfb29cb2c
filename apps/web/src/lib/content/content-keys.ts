import type { ContentScope, VersionRef } from '@tenantry/shared';
import type { ContentFilters } from './content-query.ts';
import type { ContentKind } from './content-kinds.ts';

/**
 * The query keys of the three content features (frameworks, authoring, library), one tree
 * (mutations invalidate through them): frameworks, playbooks and articles as their authors see
 * them, the images of content, and the library (published content). One cache entry per
 * resource: the playbooks a question may link to (frameworks) are a playbook list too, so every
 * playbook change (authoring) refreshes them.
 */
export const contentKeys = {
  all: ['content'] as const,
  kind: (kind: ContentKind) => [...contentKeys.all, kind] as const,
  lists: (kind: ContentKind) => [...contentKeys.kind(kind), 'list'] as const,
  list: (kind: ContentKind, filters: ContentFilters) =>
    [...contentKeys.lists(kind), filters] as const,
  /** The playbooks a framework question may link to (authored and published ones). */
  playbookChoices: () => [...contentKeys.lists('playbooks'), 'choices'] as const,
  /** One item for authoring (GET /content/{kind}/{id}); a framework's diffs live below it. */
  detail: (kind: ContentKind, id: string) => [...contentKeys.kind(kind), 'detail', id] as const,
  frameworkDiffs: (id: string) => [...contentKeys.detail('frameworks', id), 'diff'] as const,
  frameworkDiff: (id: string, from: VersionRef, to: VersionRef) =>
    [...contentKeys.frameworkDiffs(id), String(from), String(to)] as const,
  /** A fork's upstream changes (asked again with the diffs after every change). */
  frameworkUpstream: (id: string) => [...contentKeys.frameworkDiffs(id), 'upstream'] as const,
  /** The images of content in one scope. */
  media: (scope: ContentScope) => [...contentKeys.all, 'media', scope] as const,
  library: {
    all: () => [...contentKeys.all, 'library'] as const,
    list: (kind: ContentKind, filters: ContentFilters) =>
      [...contentKeys.library.all(), kind, 'list', filters] as const,
    detail: (kind: ContentKind, id: string, version?: number) =>
      [...contentKeys.library.all(), kind, 'detail', id, version ?? 'latest'] as const,
  },
};
