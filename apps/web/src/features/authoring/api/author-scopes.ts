import type { ContentScope, CurrentUser } from '@tenantry/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { ME_QUERY_KEY } from '#web/lib/query-client.ts';
import { authorScopes } from '../lib/author-scopes.ts';

/**
 * The scopes the screen decided the person authors in (the content admin route knows the
 * account's `content.manage` permission); every tab of the screen reads the same answer.
 */
export const AuthorScopesContext = createContext<ContentScope[] | null>(null);

/** The scopes the signed-in person may author in: the screen's, else from the session. */
export function useAuthorScopes(): ContentScope[] {
  const decided = useContext(AuthorScopesContext);
  const user = useQueryClient().getQueryData<CurrentUser | null>(ME_QUERY_KEY);
  return decided ?? authorScopes(user);
}
