import { type Dashboard } from '@tenantry/shared';
import { taskPriorityLabel } from '#web/lib/labels.ts';
import { Anchor, Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { IconChecklist, IconConfetti } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { formatDay } from '../lib/dashboard-view.ts';
import { DashboardCard, EmptyPanel } from './DashboardCard.tsx';
import { t as tr } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

type OverdueTask = Dashboard['remediation']['overdueTasks'][number];

const PRIORITY_COLORS: Record<OverdueTask['priority'], string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  critical: 'red',
};

const taskHref = (t: OverdueTask) =>
  `/tenant/${encodeURIComponent(t.tenantId)}/remediation?${new URLSearchParams({ task: t.id })}`;

function Row({ t }: { t: OverdueTask }) {
  return (
    <Stack gap={4} component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <NameText name={t.title} to={taskHref(t)} fw={600} size="sm" />
          <NameText name={t.tenantName} size="xs" c="dimmed" lines={1} component="div" />
        </Stack>
        <Badge
          color={PRIORITY_COLORS[t.priority]}
          variant="outline"
          tt="none"
          style={{ flexShrink: 0 }}
        >
          {taskPriorityLabel(t.priority)}
        </Badge>
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="red" fw={600}>
          {rich(
            tr,
            'overdue.since',
            {},
            { date: <time dateTime={t.dueDate}>{formatDay(t.dueDate)}</time> },
          )}
        </Text>
        {t.assignee ? (
          <NameText name={t.assignee.name} size="xs" c="dimmed" lines={1} />
        ) : (
          <Text size="xs" c="dimmed">
            {tr('overdue.unassigned')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Remediation tasks past their due date across the account's tenants, the longest overdue
 * first, each linked to its drawer on the tenant's remediation tab.
 */
export function OverdueTasks({ remediation: r }: { remediation: Dashboard['remediation'] }) {
  return (
    <DashboardCard
      title={tr('overdue.title')}
      action={
        r.overdue > 0 ? (
          <Badge
            color="red"
            variant="filled"
            aria-label={tr('overdue.count', { overdue: r.overdue })}
          >
            {r.overdue}
          </Badge>
        ) : undefined
      }
      description={
        r.overdue > r.overdueTasks.length
          ? tr('overdue.description', { shown: r.overdueTasks.length, total: r.overdue })
          : r.overdue > 0
            ? tr('overdue.pastDue', { overdue: r.overdue })
            : undefined
      }
    >
      {r.overdueTasks.length > 0 ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {r.overdueTasks.map((t, i) => (
            <Fragment key={t.id}>
              {i > 0 ? <Divider component="li" aria-hidden /> : null}
              <Row t={t} />
            </Fragment>
          ))}
        </Stack>
      ) : r.open > 0 ? (
        <EmptyPanel icon={<IconConfetti size={22} />} title={tr('overdue.none.title')}>
          {tr('overdue.none.body', { open: r.open })}
        </EmptyPanel>
      ) : (
        <EmptyPanel icon={<IconChecklist size={22} />} title={tr('overdue.empty.title')}>
          {tr('overdue.empty.body')}{' '}
          <Anchor component={Link} to="/tenant" inherit>
            {tr('overdue.empty.link')}
          </Anchor>
        </EmptyPanel>
      )}
    </DashboardCard>
  );
}
