import type { AppConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { BillingProvider, ProviderEvent } from '../../../lib/billing/provider.ts';
import type { Logger } from '../../../lib/logger.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';

/**
 * The billing provider BILLING_PROVIDER names. `deliver` applies the sandbox's own events
 * (Stripe's arrive by webhook).
 */
export function createBillingProvider(
  config: AppConfig,
  db: Database,
  logger: Logger,
  deliver: (event: ProviderEvent) => Promise<unknown>,
): BillingProvider {
  if (config.billingProvider === 'stripe') {
    if (!config.stripe) throw new Error('BILLING_PROVIDER=stripe needs the STRIPE_* settings.');
    return createStripeProvider(config.stripe, config.publicUrl, { logger });
  }
  return createSandboxProvider({ db, publicUrl: config.publicUrl, deliver });
}
