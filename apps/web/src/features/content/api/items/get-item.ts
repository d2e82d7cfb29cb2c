import { PlaybookSchema, type Playbook } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { playbookKeys } from './playbook-keys.ts';

/** GET /api/v1/content/playbooks/{id}: the playbook as its author edits it. */
export function fetchPlaybook(id: string, signal?: AbortSignal): Promise<Playbook> {
  return apiFetch(`/api/v1/content/playbooks/${encodeURIComponent(id)}`, {
    schema: PlaybookSchema,
    signal,
  });
}

export const playbookQueryOptions = (id: string) =>
  queryOptions({
    queryKey: playbookKeys.detail(id),
    queryFn: ({ signal }) => fetchPlaybook(id, signal),
    // The editor keeps its own copy; a refetch while editing would change nothing on screen.
    refetchOnWindowFocus: false,
  });

export function usePlaybook(id: string) {
  return useQuery(playbookQueryOptions(id));
}
