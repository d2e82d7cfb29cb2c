import { WebhookListSchema, type Account } from '@tenantry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { webhookKeys } from './webhook-keys.ts';

export const webhooksQueryOptions = queryOptions({
  queryKey: webhookKeys.list(),
  queryFn: ({ signal }) => apiFetch('/api/v1/webhooks', { schema: WebhookListSchema, signal }),
});

/**
 * Whether the member manages the account's webhooks (owners and admins). Without the account
 * (a screen that does not pass it) the server decides: a member's list answers 403.
 */
export function canManageWebhooks(account: Pick<Account, 'permissions'> | undefined): boolean {
  return account ? account.permissions.includes('webhooks.manage') : true;
}

/** GET /api/v1/webhooks: the account's endpoints, newest first. */
export function useWebhooks(enabled = true) {
  return useQuery({ ...webhooksQueryOptions, enabled });
}
