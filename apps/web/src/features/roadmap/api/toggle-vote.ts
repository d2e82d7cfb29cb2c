import { RoadmapVoteResultSchema, type RoadmapVoteResult } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { itemPath } from './get-item.ts';
import { roadmapKeys } from './roadmap-keys.ts';

/** POST /api/v1/roadmap/items/{id}/vote: a toggle; whether the caller now votes, and the count. */
export function toggleVote(id: string): Promise<RoadmapVoteResult> {
  return apiFetch(itemPath(id, '/vote'), {
    method: 'POST',
    body: {},
    schema: RoadmapVoteResultSchema,
  });
}

export function useToggleVote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: toggleVote,
    onSettled: (_r, _e, id) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: roadmapKeys.lists() }),
        qc.invalidateQueries({ queryKey: roadmapKeys.detail(id) }),
      ]),
  });
}
