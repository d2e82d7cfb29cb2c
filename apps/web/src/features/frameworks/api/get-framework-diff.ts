import { FrameworkDiffSchema, type FrameworkDiff, type VersionRef } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';

/** GET /api/v1/content/frameworks/{id}/diff?from&to: a version number or `draft` on each side. */
export function fetchFrameworkDiff(
  id: string,
  from: VersionRef,
  to: VersionRef,
  signal?: AbortSignal,
): Promise<FrameworkDiff> {
  const search = new URLSearchParams({ from: String(from), to: String(to) });
  return apiFetch(
    `/api/v1/content/frameworks/${encodeURIComponent(id)}/diff?${search.toString()}`,
    {
      schema: FrameworkDiffSchema,
      signal,
    },
  );
}

export const frameworkDiffQueryOptions = (id: string, from: VersionRef, to: VersionRef) =>
  queryOptions({
    queryKey: contentKeys.frameworkDiff(id, from, to),
    queryFn: ({ signal }) => fetchFrameworkDiff(id, from, to, signal),
  });

/** What changed between two versions (or a version and the saved draft); off while `enabled` is false. */
export function useFrameworkDiff(id: string, from: VersionRef, to: VersionRef, enabled = true) {
  return useQuery({ ...frameworkDiffQueryOptions(id, from, to), enabled });
}
