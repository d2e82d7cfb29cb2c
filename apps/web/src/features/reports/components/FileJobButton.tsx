import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Progress,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, type UseMutationResult, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import {
  isRendering,
  progressPercent,
  progressText,
  startDownload,
  type FileJobWords,
} from '../lib/report-view.ts';
import { t } from '../messages.ts';

/** What the server answers of a file it makes in the background (a report, an evidence pack). */
export interface FileJob {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  fileName: string;
  error: string | null;
}

export interface FileJobButtonProps<J extends FileJob, K extends readonly unknown[]> {
  /** The button's label at rest. */
  label: string;
  icon: ReactNode;
  words: FileJobWords;
  /** The notifications' id (one per assessment and kind). */
  noticeId: string;
  /** The assessment the file is of. */
  assessmentId: string;
  /** Asks for a new file of an assessment. */
  create: UseMutationResult<J, Error, string>;
  /** The query of the file asked for (polled while on its way). */
  jobQuery: (id: string | null) => UseQueryOptions<J, Error, J, K>;
  fileUrl: (id: string) => string;
  /**
   * An icon with the label as its name and tooltip (the assessment's header, where the line is
   * full); the progress bar and the spoken progress are the same.
   */
  compact?: boolean;
}

/**
 * A button that asks the server for a file made in the background, shows its progress while
 * it is made (a bar and the percentage, polled), then downloads it and says so with a link to
 * download it again. A refusal or a failure is said in plain words; the button asks again.
 * The PDF report and the evidence pack use it.
 */
export function FileJobButton<J extends FileJob, K extends readonly unknown[]>(
  props: FileJobButtonProps<J, K>,
) {
  const { label, icon, words, noticeId, assessmentId, create, jobQuery, fileUrl, compact } = props;
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useQuery(jobQuery(jobId));
  const handled = useRef<string | null>(null);
  const current = job.data;

  useEffect(() => {
    if (!current || isRendering(current) || handled.current === current.id) return;
    handled.current = current.id;
    if (current.status === 'done') {
      const url = fileUrl(current.id);
      startDownload(url, current.fileName);
      notifications.show({
        id: noticeId,
        color: 'green',
        message: (
          <Stack gap={4} align="flex-start">
            <Text size="sm">{t(words.ready, { fileName: current.fileName })}</Text>
            <Anchor href={url} download={current.fileName} size="sm" fw={500}>
              {t('job.downloadAgain')}
            </Anchor>
          </Stack>
        ),
      });
    } else {
      notifications.show({
        id: noticeId,
        color: 'red',
        message: current.error ?? t(words.failed),
      });
    }
  }, [current, fileUrl, noticeId, words.ready, words.failed]);

  useEffect(() => {
    if (job.error) {
      notifications.show({
        id: noticeId,
        color: 'red',
        message: t(words.lost, { error: job.error.message }),
      });
    }
  }, [job.error, noticeId, words.lost]);

  const working = create.isPending || isRendering(current);
  const run = () => {
    notifications.hide(noticeId);
    create.mutate(assessmentId, {
      onSuccess: (r) => setJobId(r.id),
      onError: (err) => notifications.show({ id: noticeId, color: 'red', message: err.message }),
    });
  };
  const onItsWay = current && isRendering(current) ? current : null;

  const text = onItsWay
    ? onItsWay.status === 'queued'
      ? t('job.waiting')
      : t(words.working, { percent: progressPercent(onItsWay) })
    : label;

  return (
    <Box pos="relative">
      {compact ? (
        <Tooltip label={text}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            disabled={working}
            onClick={run}
          >
            {icon}
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button variant="default" leftSection={icon} disabled={working} onClick={run} miw={150}>
          {text}
        </Button>
      )}
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
            aria-label={t(words.progressBar)}
          />
          <VisuallyHidden role="status">{progressText(onItsWay, words)}</VisuallyHidden>
        </>
      ) : null}
    </Box>
  );
}
