import type { SubscriptionFilters } from '../lib/subscriptions-view.ts';

/** Query keys of the service console (one place, so mutations invalidate the right ones). */
export const serviceKeys = {
  all: ['service'] as const,
  /** Every list of subscriptions, whatever its search and filter. */
  subscriptions: () => [...serviceKeys.all, 'subscriptions'] as const,
  subscriptionList: (filters: SubscriptionFilters) =>
    [...serviceKeys.subscriptions(), filters] as const,
  /** The accounts tab: every list, and each account's page. */
  accounts: () => [...serviceKeys.all, 'accounts'] as const,
  accountList: (filters: object) => [...serviceKeys.accounts(), 'list', filters] as const,
  account: (accountId: string) => [...serviceKeys.accounts(), 'one', accountId] as const,
  /** One account's exports and deletion (its lifecycle card). */
  accountLifecycle: (accountId: string) =>
    [...serviceKeys.all, 'account-lifecycle', accountId] as const,
  accountExports: (accountId: string) =>
    [...serviceKeys.accountLifecycle(accountId), 'exports'] as const,
  accountDeletion: (accountId: string) =>
    [...serviceKeys.accountLifecycle(accountId), 'deletion'] as const,
};
