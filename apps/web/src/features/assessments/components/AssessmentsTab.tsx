import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { PagedList } from '#web/components/PagedList.tsx';
import { useAssessmentList } from '../api/list-assessments.ts';
import { useLiveAssessments } from '../api/use-live-assessments.ts';
import { useNow } from './use-now.ts';
import {
  AssessmentStatusFilter,
  AssessmentTable,
  NoAssessmentsFor,
  useAssessmentStatus,
} from './AssessmentTable.tsx';
import { t } from '../messages.ts';

export interface AssessmentsTabProps {
  tenantId: string;
  /** The URL of one assessment's screen. */
  hrefFor: (assessmentId: string) => string;
  /** Starting one is for members who manage assessments (not shared users). */
  onStart: (() => void) | null;
}

/**
 * A client tenant's assessments: open, completed or all (kept in the URL as `?status=`), page
 * by page, kept current by the tenant's live stream. Empty, it explains and offers to start.
 */
export function AssessmentsTab({ tenantId, hrefFor, onStart }: AssessmentsTabProps) {
  const [status, setStatus] = useAssessmentStatus();
  const list = useAssessmentList(tenantId, status);
  useLiveAssessments(tenantId);
  const now = useNow(30_000);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  if (list.isSuccess && items.length === 0 && status === 'all') {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <IconClipboardCheck size={40} aria-hidden />
          <Title order={2} size="h3">
            {t('tab.empty.title')}
          </Title>
          <Text c="dimmed" maw={480}>
            {t('tab.empty.intro')}
          </Text>
          {onStart ? (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onStart}>
              {t('tab.start')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('tab.empty.shared')}
            </Text>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <AssessmentStatusFilter status={status} onChange={setStatus} />
        {onStart ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onStart}>
            {t('tab.start')}
          </Button>
        ) : null}
      </Group>
      <PagedList
        query={list}
        count={items.length}
        noun={t('paged.assessments')}
        skeletons={4}
        empty={<NoAssessmentsFor status={status} />}
      >
        <AssessmentTable items={items} hrefFor={hrefFor} now={now} />
      </PagedList>
    </Stack>
  );
}
