import { RedirectSchema } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { goToProvider } from '../lib/redirect.ts';

/**
 * POST /api/v1/billing/portal: the provider's page for the payment method and invoices; the
 * browser goes there.
 */
export function useOpenPortal() {
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/v1/billing/portal', { method: 'POST', body: {}, schema: RedirectSchema }),
    onSuccess: ({ url }) => goToProvider(url),
  });
}
