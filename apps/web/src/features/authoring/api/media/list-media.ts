import { ContentScopeSchema, MediaSchema, type ContentScope } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '#web/lib/api.ts';
import { contentKeys } from '#web/lib/content/content-keys.ts';

export const ContentMediaSchema = MediaSchema.extend({ scope: ContentScopeSchema });
export type ContentMedia = z.infer<typeof ContentMediaSchema>;
const ContentMediaListSchema = z.object({ items: z.array(ContentMediaSchema) });

/** GET /api/v1/content/media?scope=: the images of content in one scope, newest first. */
export function fetchMediaList(scope: ContentScope, signal?: AbortSignal) {
  return apiFetch(`/api/v1/content/media?scope=${encodeURIComponent(scope)}`, {
    schema: ContentMediaListSchema,
    signal,
  });
}

export const mediaListQueryOptions = (scope: ContentScope) =>
  queryOptions({
    queryKey: contentKeys.media(scope),
    queryFn: ({ signal }) => fetchMediaList(scope, signal),
    select: (data) => data.items,
  });

export function useMediaList(scope: ContentScope, enabled = true) {
  return useQuery({ ...mediaListQueryOptions(scope), enabled });
}
