import {
  DASHBOARD_LIMITS,
  type Dashboard,
  type DueAssessment,
  type DueGroup,
} from '@tenantry/shared';
import { assessmentStatusLabel } from '#web/lib/labels.ts';
import { Anchor, Badge, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { dueGroupsView, type DueGroupView } from '../lib/due-dates-view.ts';
import { formatDay } from '../lib/dashboard-view.ts';
import { DashboardCard, EmptyPanel } from './DashboardCard.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const assessmentHref = (a: DueAssessment) =>
  `/tenant/${encodeURIComponent(a.tenantId)}/assessments/${encodeURIComponent(a.id)}`;

const GROUP_COLORS: Record<DueGroup, string> = {
  overdue: 'red',
  today: 'orange',
  week: 'blue',
  upcoming: 'gray',
};

function Row({ a }: { a: DueAssessment }) {
  const percent = a.completion === null ? 0 : Math.round(100 * a.completion);
  return (
    <Stack gap={4} component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <NameText name={a.name} to={assessmentHref(a)} fw={600} size="sm" />
          <NameText name={a.tenantName} size="xs" c="dimmed" lines={1} component="div" />
        </Stack>
        <Text
          size="xs"
          c={a.group === 'overdue' ? 'red' : 'dimmed'}
          fw={a.group === 'overdue' ? 600 : undefined}
          style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {a.group === 'overdue' ? (
            rich(
              t,
              'due.row.overdue',
              {},
              { date: <time dateTime={a.dueDate}>{formatDay(a.dueDate)}</time> },
            )
          ) : (
            <time dateTime={a.dueDate}>{formatDay(a.dueDate)}</time>
          )}
        </Text>
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
        <Text size="xs" c="dimmed" lineClamp={1} maw="100%">
          {assessmentStatusLabel(a.status)} · {a.owner ? a.owner.name : t('due.row.noOwner')}
        </Text>
      </Group>
    </Stack>
  );
}

function DueGroupSection({ group }: { group: DueGroupView }) {
  const id = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Title order={3} size="h6" id={id}>
          {group.title}
        </Title>
        <Badge color={GROUP_COLORS[group.group]} variant="light" tt="none" aria-hidden>
          {group.count}
        </Badge>
      </Group>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {group.items.map((a) => (
          <Row key={a.id} a={a} />
        ))}
      </Stack>
      {group.more > 0 ? (
        <Text size="xs" c="dimmed">
          {t('due.more', { more: group.more })}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Open assessments by due date across the client tenants the person reaches: overdue, due
 * today, this week and in the next 30 days, each with its tenant, owner and completion.
 * `action` sits beside the heading (the calendar subscription, composed by the route).
 */
export function DueDates({
  dueDates,
  action,
}: {
  dueDates: Dashboard['dueDates'];
  action?: ReactNode;
}) {
  const groups = dueGroupsView(dueDates);
  return (
    <DashboardCard
      title={t('due.title')}
      action={action}
      description={
        groups.length > 0
          ? t('due.description', { days: DASHBOARD_LIMITS.upcomingDays })
          : undefined
      }
    >
      {groups.length === 0 ? (
        <EmptyPanel icon={<IconCalendarCheck size={22} />} title={t('due.empty.title')}>
          {t('due.empty.body', { days: DASHBOARD_LIMITS.upcomingDays })}{' '}
          <Anchor component={Link} to="/tenant" inherit>
            {t('due.empty.link')}
          </Anchor>
        </EmptyPanel>
      ) : (
        <Stack gap="md">
          {groups.map((g) => (
            <DueGroupSection key={g.group} group={g} />
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
