import {
  FrameworkDetailSchema,
  type FrameworkDetail,
  type FrameworkDocument,
} from '@tenantry/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';

export interface SaveDraftInput {
  /** The draft revision my edits started from; an older one than the server's answers 409. */
  revision: number;
  document: FrameworkDocument;
  /** Keys of new questions the author says are the same question a published version had. */
  sameQuestions?: string[];
}

/** PUT /api/v1/content/frameworks/{id}/draft: the whole document. */
export function saveDraft(id: string, body: SaveDraftInput): Promise<FrameworkDetail> {
  return apiFetch(`/api/v1/content/frameworks/${encodeURIComponent(id)}/draft`, {
    method: 'PUT',
    body,
    schema: FrameworkDetailSchema,
  });
}

/** After a change to one framework: its new state in the cache, lists and diffs asked again. */
export async function frameworkChanged(qc: QueryClient, detail: FrameworkDetail): Promise<void> {
  qc.setQueryData(contentKeys.detail('frameworks', detail.id), detail);
  await Promise.all([
    qc.invalidateQueries({ queryKey: contentKeys.frameworkDiffs(detail.id) }),
    qc.invalidateQueries({ queryKey: contentKeys.lists('frameworks') }),
  ]);
}

export function useSaveDraft(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDraftInput) => saveDraft(id, body),
    onSuccess: (detail) => frameworkChanged(qc, detail),
  });
}
