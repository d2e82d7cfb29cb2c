import { ReportSchema, type Report } from '@tenantry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { reportKeys } from './reports-keys.ts';

/**
 * POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/reports: asks for a PDF report,
 * answered `queued` (202); 429 `reports.too_many` when three are already on their way.
 */
export function createReport(tenantId: string, assessmentId: string): Promise<Report> {
  return apiFetch(
    `/api/v1/tenants/${encodeURIComponent(tenantId)}/assessments/${encodeURIComponent(assessmentId)}/reports`,
    { method: 'POST', schema: ReportSchema },
  );
}

/** Asks for a report; the answer seeds the report's cache entry, which is then polled. */
export function useCreateReport(tenantId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (assessmentId: string) => createReport(tenantId, assessmentId),
    onSuccess: (report) => {
      qc.setQueryData(reportKeys.report(tenantId, report.id), report);
    },
  });
}
