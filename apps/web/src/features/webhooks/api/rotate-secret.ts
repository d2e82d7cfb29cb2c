import { WebhookSecretSchema } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/** POST /api/v1/webhooks/{id}/secret/rotate: the new secret. */
export function useRotateSecret() {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/v1/webhooks/${encodeURIComponent(id)}/secret/rotate`, {
        method: 'POST',
        body: {},
        schema: WebhookSecretSchema,
      }),
  });
}
