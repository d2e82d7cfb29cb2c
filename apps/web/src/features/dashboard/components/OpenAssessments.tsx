import { DASHBOARD_LIMITS, type AssessmentStatus, type Dashboard } from '@tenantry/shared';
import { assessmentStatusLabel } from '#web/lib/labels.ts';
import { Anchor, Badge, Divider, Group, Progress, Stack, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { dueView } from '../lib/dashboard-view.ts';
import { DashboardCard, EmptyPanel } from './DashboardCard.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

type OpenAssessment = Dashboard['openAssessments'][number];

// The assessment screens' colours for a status (features/assessments keeps its own).
const STATUS_COLORS: Record<AssessmentStatus, string> = {
  draft: 'gray',
  in_progress: 'blue',
  completed: 'teal',
  reopened: 'orange',
};

const assessmentHref = (a: OpenAssessment) =>
  `/tenant/${encodeURIComponent(a.tenantId)}/assessments/${encodeURIComponent(a.id)}`;

function Due({ dueDate }: { dueDate: string | null }) {
  const due = dueView(dueDate);
  if (!due) {
    return (
      <Text size="xs" c="dimmed">
        {t('open.noDueDate')}
      </Text>
    );
  }
  return (
    <Text size="xs" c={due.overdue ? 'red' : 'dimmed'} fw={due.overdue ? 600 : undefined}>
      {rich(
        t,
        due.overdue ? 'open.overdueSince' : 'open.due',
        {},
        { date: <time dateTime={dueDate ?? undefined}>{due.label}</time> },
      )}
    </Text>
  );
}

function Row({ a }: { a: OpenAssessment }) {
  const percent = a.completion === null ? 0 : Math.round(100 * a.completion);
  return (
    <Stack gap={6} component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <NameText name={a.name} to={assessmentHref(a)} fw={600} size="sm" />
          <NameText name={a.tenantName} size="xs" c="dimmed" lines={1} component="div" />
        </Stack>
        <Badge color={STATUS_COLORS[a.status]} variant="light" tt="none" style={{ flexShrink: 0 }}>
          {assessmentStatusLabel(a.status)}
        </Badge>
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={8} wrap="nowrap" flex="1 1 160px" maw={260}>
          <Progress
            value={percent}
            size="sm"
            flex={1}
            color={percent === 100 ? 'teal' : undefined}
            aria-label={t('row.completion', { name: a.name, answered: a.answered, total: a.total })}
          />
          <Text size="xs" c="dimmed" miw={48} style={{ whiteSpace: 'nowrap' }}>
            {a.answered}/{a.total}
          </Text>
        </Group>
        <Due dueDate={a.dueDate} />
      </Group>
    </Stack>
  );
}

/** The open assessments (drafts, in progress, reopened), most recently changed first. */
export function OpenAssessments({
  items,
  total,
}: {
  items: Dashboard['openAssessments'];
  /** All open assessments of the account (more than listed when over the limit). */
  total: number;
}) {
  return (
    <DashboardCard
      title={t('open.title')}
      description={
        total > items.length
          ? t('open.description', { shown: Math.min(items.length, DASHBOARD_LIMITS.open), total })
          : undefined
      }
    >
      {items.length === 0 ? (
        <EmptyPanel icon={<IconClipboardList size={22} />} title={t('open.empty.title')}>
          {t('open.empty.body')}{' '}
          <Anchor component={Link} to="/tenant" inherit>
            {t('open.empty.link')}
          </Anchor>
        </EmptyPanel>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((a, i) => (
            <Fragment key={a.id}>
              {i > 0 ? <Divider component="li" aria-hidden /> : null}
              <Row a={a} />
            </Fragment>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
