import { BrandSchema, type UpdateBrand } from '@tenantry/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { accountKeys } from './account-keys.ts';

export const brandQueryOptions = queryOptions({
  queryKey: accountKeys.brand(),
  queryFn: ({ signal }) => apiFetch('/api/v1/account/brand', { schema: BrandSchema, signal }),
});

/** GET /api/v1/account/brand: the brand as stored, and whether the plan applies it. */
export function useBrand() {
  return useQuery(brandQueryOptions);
}

/** PUT /api/v1/account/brand (owners and admins; Pro and up). */
export function useUpdateBrand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBrand) =>
      apiFetch('/api/v1/account/brand', { method: 'PUT', body: input, schema: BrandSchema }),
    onSuccess: (brand) => qc.setQueryData(accountKeys.brand(), brand),
  });
}
