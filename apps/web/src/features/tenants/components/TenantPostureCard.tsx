import { formatScore, type Tenant } from '@tenantry/shared';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatCalendarDay, formatRelativeTime } from '#web/lib/format.ts';
import { openAssessmentsView, openTasksView } from '../lib/open-tasks.ts';
import { formatTrend, sectionCell } from '../lib/portfolio-view.ts';
import { CELL_COLOURS } from './PortfolioView.tsx';
import { t } from '../messages.ts';

/**
 * What the overview leads with (docs/portfolio.md): the latest score with its completion and
 * the change since the baseline, each top-level section against its target, what is due next
 * and the open work.
 */
export function TenantPostureCard({ tenant }: { tenant: Tenant }) {
  const { posture, latest } = tenant;
  const base = `/tenant/${encodeURIComponent(tenant.id)}`;
  const tasks = openTasksView(tenant);
  const assessments = openAssessmentsView(tenant);
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {t('posture.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('posture.latest')}
          </Text>
          <Text size="xl" fw={700}>
            {formatScore(latest?.score)}
          </Text>
          <Text size="sm" c="dimmed">
            {latest
              ? posture.trend === null
                ? t('posture.complete', { completion: formatScore(posture.completion) })
                : t('posture.completeTrend', {
                    completion: formatScore(posture.completion),
                    trend: formatTrend(posture.trend),
                  })
              : t('posture.noAssessment')}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('posture.dueNext')}
          </Text>
          <Text size="sm">
            {assessments.due
              ? t('posture.assessmentDue', { date: formatCalendarDay(assessments.due) })
              : t('posture.assessmentsOpen', { n: tenant.openAssessments })}
            {assessments.overdue ? (
              <Badge color="red" variant="light" ml={6} tt="none">
                {t('posture.overdue')}
              </Badge>
            ) : null}
          </Text>
          <Text size="sm">
            {tenant.nextTaskDue
              ? t('posture.taskDue', { date: formatCalendarDay(tenant.nextTaskDue) })
              : t('posture.noTaskDue')}
            {tenant.nextTaskDue && tenant.nextTaskDue < new Date().toISOString().slice(0, 10) ? (
              <Badge color="red" variant="light" ml={6} tt="none">
                {t('posture.overdue')}
              </Badge>
            ) : null}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('posture.openWork')}
          </Text>
          <Anchor component={Link} to={`${base}/remediation?status=open`} size="sm">
            {tasks.text}
          </Anchor>
          {posture.overdueTasks > 0 ? (
            <Text size="sm" c="red.8">
              {t('posture.overdueTasks', { n: posture.overdueTasks })}
            </Text>
          ) : null}
          <Anchor component={Link} to={`${base}/assessments`} size="sm">
            {tenant.openAssessments === 0
              ? t('posture.noOpenAssessments')
              : t('posture.openAssessments', { n: tenant.openAssessments })}
          </Anchor>
          {posture.lastActivityAt ? (
            <Text size="xs" c="dimmed">
              {t('posture.lastActivity', { when: formatRelativeTime(posture.lastActivityAt) })}
            </Text>
          ) : null}
        </Stack>
      </SimpleGrid>
      {posture.sections.length > 0 ? (
        <Group gap="xs" mt="md" component="ul" p={0} style={{ listStyle: 'none' }}>
          {posture.sections.map((s) => {
            const cell = sectionCell(s);
            const colours = CELL_COLOURS[cell.state];
            return (
              <li
                key={s.key}
                style={{
                  padding: '4px 8px',
                  borderRadius: 4,
                  background: colours.bg,
                  color: colours.c,
                }}
              >
                <Text size="sm" span>
                  {t('posture.section', { title: s.title, label: cell.label })}
                </Text>
              </li>
            );
          })}
        </Group>
      ) : null}
    </Card>
  );
}
