import { IconFileTypePdf } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useCreateReport } from '../api/create-report.ts';
import { reportFileUrl, reportQueryOptions } from '../api/get-report.ts';
import { REPORT_WORDS } from '../lib/report-view.ts';
import { t } from '../messages.ts';
import { FileJobButton } from './FileJobButton.tsx';

export interface ReportButtonProps {
  tenantId: string;
  assessmentId: string;
  /** An icon with a tooltip instead of a labelled button (FileJobButton). */
  compact?: boolean;
}

/**
 * "PDF report" on an assessment's screen: asks the server for the report, shows its progress
 * on the button while it renders (asked again every 700 ms), then downloads the file
 * (FileJobButton).
 */
export function ReportButton({ tenantId, assessmentId, compact }: ReportButtonProps) {
  const create = useCreateReport(tenantId);
  const jobQuery = useCallback((id: string | null) => reportQueryOptions(tenantId, id), [tenantId]);
  const fileUrl = useCallback((id: string) => reportFileUrl(tenantId, id), [tenantId]);
  return (
    <FileJobButton
      label={t('report.label')}
      icon={<IconFileTypePdf size={16} aria-hidden />}
      words={REPORT_WORDS}
      noticeId={`report-${assessmentId}`}
      assessmentId={assessmentId}
      create={create}
      jobQuery={jobQuery}
      fileUrl={fileUrl}
      compact={compact}
    />
  );
}
