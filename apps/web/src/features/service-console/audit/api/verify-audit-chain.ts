import { AuditChainVerificationSchema } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { serviceAuditKeys } from './audit-keys.ts';

/** POST /api/v1/service/audit/verify (itself audited: the list gains an entry). */
export function useVerifyAuditChain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/v1/service/audit/verify', {
        method: 'POST',
        schema: AuditChainVerificationSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: serviceAuditKeys.all }),
  });
}
