import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCheck, IconRefreshAlert } from '@tabler/icons-react';
import { useMarkReviewed } from '../api/mark-reviewed.ts';
import { t } from '../messages.ts';

/**
 * On a question marked for review after a carry-forward: what to do, and "Mark reviewed" for
 * who may answer (the mark goes for everyone).
 */
export function ReviewNote({
  tenantId,
  assessmentId,
  questionKey,
  version,
  canMark,
}: {
  tenantId: string;
  assessmentId: string;
  questionKey: string;
  /** The version the question changed in (the one the assessment is on now). */
  version: number;
  canMark: boolean;
}) {
  const mark = useMarkReviewed(tenantId, assessmentId);
  return (
    <Alert
      color="yellow"
      variant="light"
      p="xs"
      icon={<IconRefreshAlert size={16} aria-hidden />}
      role="note"
      aria-label={t('review.label')}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{t('review.changed', { version })}</Text>
        {canMark ? (
          <Button
            size="compact-sm"
            variant="light"
            color="yellow"
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={mark.isPending}
            onClick={() => mark.mutate(questionKey)}
          >
            {t('review.mark')}
          </Button>
        ) : null}
      </Group>
      {mark.isError ? (
        <Text size="sm" c="red" role="alert" mt={4}>
          {t('review.failed', { error: mark.error.message })}
        </Text>
      ) : null}
    </Alert>
  );
}
