import { CannedReplySchema, type SaveCannedReply } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { supportKeys } from './support-keys.ts';

/** POST /api/v1/service/support/canned: adds a canned reply. */
export const createCanned = (input: SaveCannedReply) =>
  apiFetch('/api/v1/service/support/canned', {
    method: 'POST',
    body: input,
    schema: CannedReplySchema,
  });

export function useCreateCanned() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCanned,
    onSuccess: () => qc.invalidateQueries({ queryKey: supportKeys.canned() }),
  });
}
