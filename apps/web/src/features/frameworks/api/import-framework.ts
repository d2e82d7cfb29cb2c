import { FrameworkDetailSchema, type ContentScope, type FrameworkDetail } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';

export interface ImportFrameworkInput {
  scope: ContentScope;
  /** The file's JSON, as read: the server checks all of it. */
  document: unknown;
}

/**
 * POST /api/v1/content/frameworks/import: a file as a new framework's draft. A 400
 * `content.invalid_document` lists every problem by its path in the file; a 409
 * `content.key_taken` means a framework with that key exists in the scope.
 */
export function importFramework(body: ImportFrameworkInput): Promise<FrameworkDetail> {
  return apiFetch('/api/v1/content/frameworks/import', {
    method: 'POST',
    body,
    schema: FrameworkDetailSchema,
  });
}

export function useImportFramework() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importFramework,
    onSuccess: (detail) => {
      qc.setQueryData(contentKeys.detail('frameworks', detail.id), detail);
      return qc.invalidateQueries({ queryKey: contentKeys.lists('frameworks') });
    },
  });
}
