import {
  AuditVerificationSchema,
  AuditVerificationStatusSchema,
  type AuditVerification,
  type AuditVerificationStatus,
} from '@tenantry/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { serviceAuditKeys } from './audit-keys.ts';

/** While a verification is on its way, its progress is asked for this often. */
const RUNNING_POLL_MS = 1000;

const isActive = (v: AuditVerification | null | undefined) =>
  v?.state === 'queued' || v?.state === 'running';

/** GET /api/v1/service/audit/verify: the latest verification, polled while it runs. */
export function useAuditVerification() {
  return useQuery({
    queryKey: serviceAuditKeys.verification,
    queryFn: ({ signal }) =>
      apiFetch('/api/v1/service/audit/verify', { schema: AuditVerificationStatusSchema, signal }),
    refetchInterval: (query) =>
      isActive(query.state.data?.verification) ? RUNNING_POLL_MS : false,
  });
}

/**
 * POST /api/v1/service/audit/verify: queues a verification (or answers the one on its way);
 * the status query follows it. Once done it is audited: the list gains an entry.
 */
export function useVerifyAuditChain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/v1/service/audit/verify', {
        method: 'POST',
        schema: AuditVerificationSchema,
      }),
    onSuccess: (verification) => {
      qc.setQueryData<AuditVerificationStatus>(serviceAuditKeys.verification, { verification });
      if (!isActive(verification)) void qc.invalidateQueries({ queryKey: serviceAuditKeys.all });
    },
  });
}

export { isActive as isVerificationActive };
