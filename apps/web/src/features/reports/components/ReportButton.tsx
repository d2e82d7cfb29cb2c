import { Anchor, Button, Progress, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useCreateReport } from '../api/create-report.ts';
import { reportFileUrl, useReport } from '../api/get-report.ts';
import { isRendering, progressPercent, progressText, startDownload } from '../lib/report-view.ts';

export interface ReportButtonProps {
  tenantId: string;
  assessmentId: string;
}

/**
 * "PDF report" on an assessment's screen: asks the server for the report, shows its progress
 * while it renders (asked again every 700 ms), then downloads the file. A failure is said in
 * plain words under the button; the button asks again.
 */
export function ReportButton({ tenantId, assessmentId }: ReportButtonProps) {
  const create = useCreateReport(tenantId);
  const [reportId, setReportId] = useState<string | null>(null);
  const report = useReport(tenantId, reportId);
  const downloaded = useRef<string | null>(null);
  const current = report.data;

  useEffect(() => {
    if (current?.status === 'done' && downloaded.current !== current.id) {
      downloaded.current = current.id;
      startDownload(reportFileUrl(tenantId, current.id), current.fileName);
    }
  }, [current, tenantId]);

  const rendering = create.isPending || isRendering(current);
  const error = create.error
    ? create.error.message
    : current?.status === 'failed'
      ? (current.error ?? 'The report could not be made. Try again.')
      : report.error
        ? `Could not follow the report: ${report.error.message}`
        : null;

  const run = () => {
    create.reset();
    create.mutate(assessmentId, { onSuccess: (r) => setReportId(r.id) });
  };

  return (
    <Stack gap={4} miw={180}>
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        loading={rendering}
        loaderProps={{ type: 'dots' }}
        onClick={run}
      >
        PDF report
      </Button>
      {current && isRendering(current) ? (
        <>
          <Progress
            value={progressPercent(current)}
            size="sm"
            animated
            aria-label="Progress of the PDF report"
          />
          <Text size="xs" c="dimmed" role="status">
            {progressText(current)}
          </Text>
        </>
      ) : null}
      {current?.status === 'done' ? (
        <Text size="xs" c="dimmed" role="status">
          Report ready.{' '}
          <Anchor href={reportFileUrl(tenantId, current.id)} download={current.fileName} inherit>
            Download again
          </Anchor>
        </Text>
      ) : null}
      {error && !rendering ? (
        <Text size="xs" c="red" role="alert" maw={260}>
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
