import type { ContentScope } from '@tenantry/shared';

/** Query keys of the content images (one place, so mutations invalidate the right ones). */
export const mediaKeys = {
  all: ['content-media'] as const,
  lists: () => [...mediaKeys.all, 'list'] as const,
  list: (scope: ContentScope) => [...mediaKeys.lists(), scope] as const,
};
