import type { Database } from '../../db/client.ts';

/**
 * Plan feature "private content": whether an account may author its own frameworks, playbooks,
 * articles and images (a plan sets the features of a subscription, see docs/product.md). Today
 * every account may; the billing issue fills this in (read the account's plan and throw
 * `AppError('billing.feature_locked', 403, …)` naming the feature). Called before every
 * private authoring write.
 */
export async function assertPrivateContentFeature(
  _db: Pick<Database, 'select'>,
  _accountId: string,
): Promise<void> {
  // Always allowed until plans exist.
}
