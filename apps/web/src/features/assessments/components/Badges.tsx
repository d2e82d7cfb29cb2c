import type { AssessmentStatus, RespondentStatus } from '@tenantry/shared';
import { Badge, Group, Progress, Text } from '@mantine/core';
import {
  RESPONDENT_STATUS_COLORS,
  RESPONDENT_STATUS_LABELS,
  STATUS_COLORS,
  completionPercent,
  statusLabel,
} from '../lib/assessment-view.ts';

export function AssessmentStatusBadge({ status }: { status: AssessmentStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" style={{ flexShrink: 0 }}>
      {statusLabel(status)}
    </Badge>
  );
}

export function RespondentStatusBadge({ status }: { status: RespondentStatus }) {
  return (
    <Badge color={RESPONDENT_STATUS_COLORS[status]} variant="light" tt="none">
      {RESPONDENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A thin bar with "11/27" beside it: how much is answered. */
export function CompletionBar({
  answered,
  total,
  completion,
  label,
  w = 160,
}: {
  answered: number;
  total: number;
  completion: number | null;
  /** The bar's accessible name ("Completion of …"). */
  label: string;
  w?: number | string;
}) {
  const percent = completionPercent(completion);
  return (
    <Group gap={8} wrap="nowrap" w={w} maw="100%">
      <Progress
        value={percent}
        size="sm"
        flex={1}
        aria-label={label}
        color={percent === 100 ? 'teal' : undefined}
      />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {answered}/{total}
      </Text>
    </Group>
  );
}
