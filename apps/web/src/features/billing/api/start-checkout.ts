import { RedirectSchema, type CheckoutInput } from '@tenantry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { goToProvider } from '../lib/redirect.ts';

/**
 * POST /api/v1/billing/checkout: the first purchase of a paid plan. The browser then goes to
 * the provider's checkout page, which comes back to /checkout-success or /checkout-cancel.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (input: CheckoutInput) =>
      apiFetch('/api/v1/billing/checkout', {
        method: 'POST',
        body: input,
        schema: RedirectSchema,
      }),
    onSuccess: ({ url }) => goToProvider(url),
  });
}
