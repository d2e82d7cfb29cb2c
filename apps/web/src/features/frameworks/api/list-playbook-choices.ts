import { PlaybookListSchema, type ContentScope, type PlaybookSummary } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';

export interface PlaybookChoice {
  key: string;
  title: string;
  scope: ContentScope;
  /** Only a draft so far (authored, not yet published). */
  draft: boolean;
}

/**
 * The playbooks a question may link to, by key: those I author (drafts too, GET
 * /content/playbooks) and the published ones I may read (GET /library/playbooks). Either list
 * failing leaves the other.
 */
export async function fetchPlaybookChoices(signal?: AbortSignal): Promise<PlaybookChoice[]> {
  const [authored, library] = await Promise.allSettled([
    apiFetch('/api/v1/content/playbooks?limit=100', { schema: PlaybookListSchema, signal }),
    apiFetch('/api/v1/library/playbooks?limit=100', { schema: PlaybookListSchema, signal }),
  ]);
  if (authored.status === 'rejected' && library.status === 'rejected') throw authored.reason;
  const byKey = new Map<string, PlaybookChoice>();
  const add = (p: PlaybookSummary) => {
    const seen = byKey.get(`${p.scope}:${p.key}`);
    if (seen && !seen.draft) return;
    byKey.set(`${p.scope}:${p.key}`, {
      key: p.key,
      title: p.title,
      scope: p.scope,
      draft: p.status !== 'published',
    });
  };
  if (library.status === 'fulfilled') library.value.items.forEach(add);
  if (authored.status === 'fulfilled') authored.value.items.forEach(add);
  return [...byKey.values()].sort((a, b) => a.title.localeCompare(b.title));
}

export const playbookChoicesQueryOptions = queryOptions({
  queryKey: contentKeys.playbookChoices(),
  queryFn: ({ signal }) => fetchPlaybookChoices(signal),
  staleTime: 60_000,
});

export function usePlaybookChoices() {
  return useQuery(playbookChoicesQueryOptions);
}
