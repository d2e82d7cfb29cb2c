import type { SubscriptionFilters } from '../lib/subscriptions-view.ts';

/** Query keys of the service console (one place, so mutations invalidate the right ones). */
export const serviceKeys = {
  all: ['service'] as const,
  /** Every list of subscriptions, whatever its search and filter. */
  subscriptions: () => [...serviceKeys.all, 'subscriptions'] as const,
  subscriptionList: (filters: SubscriptionFilters) =>
    [...serviceKeys.subscriptions(), filters] as const,
};
