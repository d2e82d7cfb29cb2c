/** Query keys of webhooks (one place, so mutations invalidate the right ones). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  /** Every page of one endpoint's delivery log. */
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};
