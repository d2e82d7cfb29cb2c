import { WebhookSecretSchema } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

/**
 * GET /api/v1/webhooks/{id}/secret ("Reveal secret"): asked on demand only, never cached (the
 * answer stays in the component that asked while it is open).
 */
export function useRevealSecret() {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/v1/webhooks/${encodeURIComponent(id)}/secret`, {
        schema: WebhookSecretSchema,
      }),
  });
}
