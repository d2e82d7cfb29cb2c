/** Query keys of the billing feature (one place, so mutations invalidate the right ones). */
export const billingKeys = {
  all: ['billing'] as const,
  /** The account's plan, status, limits and usage (GET /api/v1/billing). */
  summary: () => [...billingKeys.all, 'summary'] as const,
  /** Its invoices (GET /api/v1/billing/invoices). */
  invoices: () => [...billingKeys.all, 'invoices'] as const,
};
