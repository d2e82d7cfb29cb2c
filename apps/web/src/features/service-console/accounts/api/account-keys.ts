import { serviceKeys } from '../../api/service-keys.ts';
import type { AccountFilters } from '../lib/accounts-view.ts';

/** Query keys of the accounts tab (under serviceKeys.all: the lifecycle card's changes refresh them). */
export const accountKeys = {
  all: () => [...serviceKeys.all, 'accounts'] as const,
  list: (filters: AccountFilters) => [...accountKeys.all(), 'list', filters] as const,
  detail: (accountId: string) => [...accountKeys.all(), 'detail', accountId] as const,
};
