/** Query keys of the sharing feature (one place, so mutations invalidate the right ones). */
export const shareKeys = {
  all: ['shares'] as const,
  /** The shares of one client tenant. */
  tenant: (tenantId: string) => [...shareKeys.all, 'tenant', tenantId] as const,
  /** Every share of the account. */
  account: () => [...shareKeys.all, 'account'] as const,
};
