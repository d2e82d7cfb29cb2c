import { Anchor, Box, Button, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
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
 * on the button while it renders (a bar and the percentage, asked again every 700 ms), then
 * downloads the file and says so with a link to download it again. A refusal or a failure is
 * said in plain words; the button asks again.
 */
export function ReportButton({ tenantId, assessmentId }: ReportButtonProps) {
  const create = useCreateReport(tenantId);
  const [reportId, setReportId] = useState<string | null>(null);
  const report = useReport(tenantId, reportId);
  const handled = useRef<string | null>(null);
  const current = report.data;
  const noticeId = `report-${assessmentId}`;

  useEffect(() => {
    if (!current || isRendering(current) || handled.current === current.id) return;
    handled.current = current.id;
    if (current.status === 'done') {
      const url = reportFileUrl(tenantId, current.id);
      startDownload(url, current.fileName);
      notifications.show({
        id: noticeId,
        color: 'green',
        message: (
          <Stack gap={4} align="flex-start">
            <Text size="sm">The PDF report is ready: {current.fileName}</Text>
            <Anchor href={url} download={current.fileName} size="sm" fw={500}>
              Download again
            </Anchor>
          </Stack>
        ),
      });
    } else {
      notifications.show({
        id: noticeId,
        color: 'red',
        message: current.error ?? 'The report could not be made. Try again.',
      });
    }
  }, [current, tenantId, noticeId]);

  useEffect(() => {
    if (report.error) {
      notifications.show({
        id: noticeId,
        color: 'red',
        message: `Could not follow the report: ${report.error.message}`,
      });
    }
  }, [report.error, noticeId]);

  const rendering = create.isPending || isRendering(current);
  const run = () => {
    notifications.hide(noticeId);
    create.mutate(assessmentId, {
      onSuccess: (r) => setReportId(r.id),
      onError: (err) => notifications.show({ id: noticeId, color: 'red', message: err.message }),
    });
  };
  const onItsWay = current && isRendering(current) ? current : null;

  return (
    <Box pos="relative">
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        disabled={rendering}
        onClick={run}
        miw={150}
      >
        {onItsWay
          ? onItsWay.status === 'queued'
            ? 'Waiting…'
            : `Rendering… ${progressPercent(onItsWay)} %`
          : 'PDF report'}
      </Button>
      {onItsWay ? (
        <>
          <Progress
            value={progressPercent(onItsWay)}
            size={4}
            radius={0}
            pos="absolute"
            left={1}
            right={1}
            bottom={1}
            aria-label="Progress of the PDF report"
          />
          <VisuallyHidden role="status">{progressText(onItsWay)}</VisuallyHidden>
        </>
      ) : null}
    </Box>
  );
}
