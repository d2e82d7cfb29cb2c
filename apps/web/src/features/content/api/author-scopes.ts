import type { ContentScope, CurrentUser } from '@tenantry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';
import { authorScopes } from '../lib/author-scopes.ts';

/** The scopes the signed-in person may author in, from the session the shell has loaded. */
export function useAuthorScopes(): ContentScope[] {
  const user = useQueryClient().getQueryData<CurrentUser | null>(ME_QUERY_KEY);
  return authorScopes(user);
}
