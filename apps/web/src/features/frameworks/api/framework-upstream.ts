import {
  FrameworkDetailSchema,
  FrameworkUpstreamSchema,
  type FrameworkDetail,
  type FrameworkUpstream,
  type TakeChange,
} from '@tenantry/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';
import { frameworkChanged } from './save-draft.ts';

/** GET /api/v1/content/frameworks/{id}/upstream: a fork's upstream changes to take. */
export function fetchUpstream(id: string, signal?: AbortSignal): Promise<FrameworkUpstream> {
  return apiFetch(`/api/v1/content/frameworks/${encodeURIComponent(id)}/upstream`, {
    schema: FrameworkUpstreamSchema,
    signal,
  });
}

export function useFrameworkUpstream(id: string, enabled = true) {
  return useQuery({
    queryKey: contentKeys.frameworkUpstream(id),
    queryFn: ({ signal }) => fetchUpstream(id, signal),
    enabled,
  });
}

export interface TakeUpstreamInput {
  revision: number;
  toVersion: number;
  take: TakeChange[];
}

/** POST /api/v1/content/frameworks/{id}/upstream/take: the chosen changes into the draft. */
export function takeUpstream(id: string, body: TakeUpstreamInput): Promise<FrameworkDetail> {
  return apiFetch(`/api/v1/content/frameworks/${encodeURIComponent(id)}/upstream/take`, {
    method: 'POST',
    body,
    schema: FrameworkDetailSchema,
  });
}

export function useTakeUpstream(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TakeUpstreamInput) => takeUpstream(id, body),
    onSuccess: (detail) => frameworkChanged(qc, detail),
  });
}
