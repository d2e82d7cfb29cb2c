import type { ContentScope } from '@tenantry/shared';

export interface ArticleListFilters {
  q: string;
  scope: ContentScope | null;
  tag: string;
}

/** Query keys of the article authoring feature (mutations invalidate through them). */
export const articleKeys = {
  all: ['content-articles'] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  list: (filters: ArticleListFilters) => [...articleKeys.lists(), filters] as const,
  detail: (id: string) => [...articleKeys.all, 'detail', id] as const,
};
