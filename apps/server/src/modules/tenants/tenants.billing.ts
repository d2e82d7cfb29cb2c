import type { Database } from '../../db/client.ts';

/**
 * Plan limit on the number of client tenants an account may hold (a plan sets the
 * limits of a subscription, see docs/product.md). Today every account may create as many as it likes; the billing issue fills
 * this in (count active tenants against the plan's limit and throw
 * `AppError('billing.limit_reached', 402 | 403, …)` with an upgrade hint). Called inside the
 * create transaction so the check and the insert see the same state.
 */
export async function assertTenantLimit(
  _db: Pick<Database, 'select'>,
  _accountId: string,
): Promise<void> {
  // Always allowed until plans exist.
}
