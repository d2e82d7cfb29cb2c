import { REPORT_LIMITS, ReportSchema, type Report } from '@tenantry/shared';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api.ts';
import { isRendering } from '../lib/report-view.ts';
import { reportKeys } from './reports-keys.ts';

export const reportPath = (tenantId: string, reportId: string) =>
  `/api/v1/tenants/${encodeURIComponent(tenantId)}/reports/${encodeURIComponent(reportId)}`;

/** The PDF of a done report (an attachment: the browser downloads it). */
export const reportFileUrl = (tenantId: string, reportId: string) =>
  `${reportPath(tenantId, reportId)}/file`;

/** GET /api/v1/tenants/{tenantId}/reports/{reportId}: its status and progress. */
export function getReport(tenantId: string, reportId: string, signal?: AbortSignal) {
  return apiFetch(reportPath(tenantId, reportId), { schema: ReportSchema, signal });
}

/** A report, asked again every REPORT_LIMITS.pollMs while it is queued or rendering. */
export function reportQueryOptions(tenantId: string, reportId: string | null) {
  return queryOptions({
    queryKey: reportKeys.report(tenantId, reportId ?? ''),
    queryFn: reportId ? ({ signal }) => getReport(tenantId, reportId, signal) : skipToken,
    // A report on its way is read again at once; a done or failed one does not change.
    staleTime: (query) => (isRendering(query.state.data as Report | undefined) ? 0 : Infinity),
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      isRendering(query.state.data as Report | undefined) ? REPORT_LIMITS.pollMs : false,
  });
}

export function useReport(tenantId: string, reportId: string | null) {
  return useQuery(reportQueryOptions(tenantId, reportId));
}
