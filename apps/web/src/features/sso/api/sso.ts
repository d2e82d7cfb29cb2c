import {
  SsoConfigSchema,
  SsoDomainSchema,
  type SsoConfigInput,
  type SsoDomainInput,
} from '@tenantry/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';

const SSO = '/api/v1/account/sso';
export const SSO_KEY = ['account', 'sso'] as const;

/** GET /api/v1/account/sso (owners, admin/security). */
export function useSsoConfig(enabled: boolean) {
  return useQuery({
    queryKey: SSO_KEY,
    queryFn: ({ signal }) => apiFetch(SSO, { schema: SsoConfigSchema, signal }),
    enabled,
  });
}

/** PUT /api/v1/account/sso: connect or change the identity provider. */
export function useSaveSso() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoConfigInput) =>
      apiFetch(SSO, { method: 'PUT', body: input, schema: SsoConfigSchema }),
    onSuccess: (data) => qc.setQueryData(SSO_KEY, data),
  });
}

/** DELETE /api/v1/account/sso: disconnect the identity provider. */
export function useDisconnectSso() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(SSO, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: SSO_KEY }),
  });
}

/** POST /api/v1/account/sso/domains: add a domain, or send its code again. */
export function useAddSsoDomain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoDomainInput) =>
      apiFetch(`${SSO}/domains`, { method: 'POST', body: input, schema: SsoDomainSchema }),
    onSettled: () => qc.invalidateQueries({ queryKey: SSO_KEY }),
  });
}

/** POST /api/v1/account/sso/domains/{id}/verify: prove it with the e-mailed code. */
export function useVerifySsoDomain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) =>
      apiFetch(`${SSO}/domains/${encodeURIComponent(id)}/verify`, {
        method: 'POST',
        body: { code },
        schema: SsoDomainSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: SSO_KEY }),
  });
}

/** DELETE /api/v1/account/sso/domains/{id}. */
export function useRemoveSsoDomain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${SSO}/domains/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: SSO_KEY }),
  });
}
