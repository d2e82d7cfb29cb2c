import { EVIDENCE_PACK_LIMITS, EvidencePackSchema, type EvidencePack } from '@tenantry/shared';
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { isRendering } from '../lib/report-view.ts';
import { reportKeys } from './reports-keys.ts';

export const evidencePackPath = (tenantId: string, packId: string) =>
  `/api/v1/tenants/${encodeURIComponent(tenantId)}/evidence-packs/${encodeURIComponent(packId)}`;

/** The ZIP of a done pack (an attachment: the browser downloads it). */
export const evidencePackFileUrl = (tenantId: string, packId: string) =>
  `${evidencePackPath(tenantId, packId)}/file`;

/**
 * POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/evidence-packs: asks for an
 * evidence pack, answered `queued` (202); 429 `evidence.pack_too_many` when two are on their way.
 */
export function createEvidencePack(tenantId: string, assessmentId: string): Promise<EvidencePack> {
  return apiFetch(
    `/api/v1/tenants/${encodeURIComponent(tenantId)}/assessments/${encodeURIComponent(assessmentId)}/evidence-packs`,
    { method: 'POST', schema: EvidencePackSchema },
  );
}

/** Asks for a pack; the answer seeds the pack's cache entry, which is then polled. */
export function useCreateEvidencePack(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (assessmentId: string) => createEvidencePack(tenantId, assessmentId),
    onSuccess: (pack) => {
      qc.setQueryData(reportKeys.evidencePack(tenantId, pack.id), pack);
    },
  });
}

/** A pack, asked again every EVIDENCE_PACK_LIMITS.pollMs while it is queued or running. */
export function evidencePackQueryOptions(tenantId: string, packId: string | null) {
  return queryOptions({
    queryKey: reportKeys.evidencePack(tenantId, packId ?? ''),
    queryFn: packId
      ? ({ signal }) =>
          apiFetch(evidencePackPath(tenantId, packId), { schema: EvidencePackSchema, signal })
      : skipToken,
    staleTime: (query) =>
      isRendering(query.state.data as EvidencePack | undefined) ? 0 : Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      isRendering(query.state.data as EvidencePack | undefined)
        ? EVIDENCE_PACK_LIMITS.pollMs
        : false,
  });
}
