import type { ContentScope, CurrentUser } from '@tenantry/shared';

/**
 * The scopes a person may author in, as far as the session tells: global for system admins,
 * private for members of an account (the server also asks for the `content.manage`
 * permission and answers 403 without it).
 */
export function authorScopes(user: CurrentUser | null | undefined): ContentScope[] {
  if (!user) return [];
  const scopes: ContentScope[] = [];
  if (user.tid) scopes.push('private');
  if (user.role === 'systemadmin') scopes.push('global');
  return scopes;
}
