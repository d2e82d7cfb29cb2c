import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';

/**
 * Webhooks of the account (docs/webhooks.md), on the developer page for owners and admins.
 * Placeholder while the feature lands; the developer route composes it already.
 */
export function WebhooksPanel() {
  return <NotBuiltYet>Webhooks that tell your tools when something changes.</NotBuiltYet>;
}
