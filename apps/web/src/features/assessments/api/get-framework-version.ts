import { LibraryFrameworkDetailSchema, type LibraryFrameworkDetail } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { assessmentKeys } from './assessment-keys.ts';

/** GET /api/v1/library/frameworks/{id}?version=: a published version (the latest without one). */
export function fetchFrameworkVersion(
  frameworkId: string,
  version: number | undefined,
  signal?: AbortSignal,
): Promise<LibraryFrameworkDetail> {
  const query = version ? `?version=${version}` : '';
  return apiFetch(`/api/v1/library/frameworks/${encodeURIComponent(frameworkId)}${query}`, {
    schema: LibraryFrameworkDetailSchema,
    signal,
  });
}

export const frameworkVersionQueryOptions = (frameworkId: string, version?: number) =>
  queryOptions({
    queryKey: assessmentKeys.frameworks.version(frameworkId, version),
    queryFn: ({ signal }) => fetchFrameworkVersion(frameworkId, version, signal),
    // Published versions never change.
    staleTime: Infinity,
  });

/** The version to start from: its document (sections, tags, default targets) and versions. */
export function useFrameworkVersion(frameworkId: string, version?: number) {
  return useQuery({
    ...frameworkVersionQueryOptions(frameworkId, version),
    enabled: !!frameworkId,
  });
}
