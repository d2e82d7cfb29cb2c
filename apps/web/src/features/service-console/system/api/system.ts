import {
  ServiceJobListSchema,
  ServiceJobSchema,
  ServiceSystemSchema,
  type ServiceJobList,
  type ServiceSystem,
} from '@tenantry/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

export const systemKeys = {
  all: ['service', 'system'] as const,
  status: () => [...systemKeys.all, 'status'] as const,
  failedJobs: () => [...systemKeys.all, 'jobs', 'failed'] as const,
};

export const FAILED_JOBS_PAGE_SIZE = 25;
/** The tab reads the system's state again this often while it is open. */
export const SYSTEM_REFRESH_MS = 10_000;

/** GET /api/v1/service/system */
export function useSystemStatus() {
  return useQuery({
    queryKey: systemKeys.status(),
    queryFn: ({ signal }): Promise<ServiceSystem> =>
      apiFetch('/api/v1/service/system', { schema: ServiceSystemSchema, signal }),
    staleTime: 0,
    refetchInterval: SYSTEM_REFRESH_MS,
  });
}

/** GET /api/v1/service/system/jobs?state=failed, page after page. */
export function useFailedJobs() {
  return useInfiniteQuery({
    queryKey: systemKeys.failedJobs(),
    queryFn: ({ pageParam, signal }): Promise<ServiceJobList> => {
      const qs = new URLSearchParams({ state: 'failed', limit: String(FAILED_JOBS_PAGE_SIZE) });
      if (pageParam) qs.set('cursor', pageParam);
      return apiFetch(`/api/v1/service/system/jobs?${qs.toString()}`, {
        schema: ServiceJobListSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    refetchInterval: SYSTEM_REFRESH_MS,
  });
}

/** POST …/jobs/{jobId}/retry and DELETE …/jobs/{jobId}; both refresh the tab. */
export function useJobAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, action }: { jobId: string; action: 'retry' | 'delete' }) =>
      action === 'retry'
        ? apiFetch(`/api/v1/service/system/jobs/${encodeURIComponent(jobId)}/retry`, {
            method: 'POST',
            body: {},
            schema: ServiceJobSchema,
          })
        : apiFetch(`/api/v1/service/system/jobs/${encodeURIComponent(jobId)}`, {
            method: 'DELETE',
          }),
    onSettled: () => qc.invalidateQueries({ queryKey: systemKeys.all }),
  });
}
