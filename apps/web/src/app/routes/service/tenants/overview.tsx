import { formatScore, type ServiceTenantView } from '@tenantry/shared';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { AssessmentTable } from '#web/features/assessments/components/AssessmentTable.tsx';
import { useNow } from '#web/features/assessments/components/use-now.ts';
import { DeltaText, TrendBadge } from '#web/features/baseline/components/Trend.tsx';
import { TaskTable } from '#web/features/remediation/components/TaskTable.tsx';
import { TenantOverview } from '#web/features/tenants/components/TenantOverview.tsx';
import { openTasksView } from '#web/features/tenants/lib/open-tasks.ts';
import { formatDate } from '#web/lib/format.ts';
import type { DrillHrefs } from '#web/features/service-console/tenants/lib/drill-view.ts';
import { t } from '../../../messages.ts';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={id}>
      <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={700} mb={6}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

function Part({
  title,
  link,
  children,
}: {
  title: string;
  link: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to={link.to} size="sm">
          {link.label}
        </Anchor>
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The overview tab, read-only: the tenant at a glance (latest score, open assessments and
 * tasks, the baseline and the change since), its newest assessments and open tasks, and its
 * details, tags, contacts and notes as its members see them.
 */
export function DrillOverview({ view, href }: { view: ServiceTenantView; href: DrillHrefs }) {
  const { tenant, baseline, tasks } = view;
  const now = useNow(30_000);
  const open = openTasksView(tenant);
  const tid = tenant.id;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Figure label={t('drill.overview.latestScore')}>
          <Text size="xl" fw={700}>
            {tenant.latest ? formatScore(tenant.latest.score) : '—'}
          </Text>
          <Text size="xs" c="dimmed">
            {tenant.latest
              ? t('drill.overview.latest', {
                  gaps: tenant.latest.gaps,
                  date: formatDate(tenant.latest.completedAt),
                })
              : t('drill.overview.notAssessed')}
          </Text>
        </Figure>
        <Figure label={t('drill.overview.openAssessments')}>
          <Text size="xl" fw={700}>
            {tenant.openAssessments}
          </Text>
        </Figure>
        <Figure label={t('drill.overview.openTasks')}>
          <Text size="xl" fw={700}>
            {tenant.openTasks}
          </Text>
          <Text size="xs" c={open.overdue ? 'red' : 'dimmed'} fw={open.overdue ? 600 : undefined}>
            {tasks.counts.overdue > 0
              ? t('drill.overview.overdue', { n: tasks.counts.overdue })
              : tenant.nextTaskDue
                ? t('drill.overview.nextDue', { date: formatDate(tenant.nextTaskDue) })
                : t('drill.overview.noneDue')}
          </Text>
        </Figure>
        <Figure label={t('drill.overview.baseline')}>
          {baseline.baseline ? (
            <>
              <NameText
                name={baseline.baseline.name}
                to={href.assessment(tid, baseline.baseline.id)}
                size="sm"
                fw={600}
                lines={1}
              />
              <Text size="xs" c="dimmed">
                {formatScore(baseline.overall.baseline)}
                {baseline.latest ? ` → ${formatScore(baseline.overall.latest)}` : ''}
              </Text>
              {baseline.latest ? (
                <Group gap={6} mt={4}>
                  <DeltaText delta={baseline.overall.delta} size="xs" />
                  <TrendBadge trend={baseline.overall.trend} size="xs" />
                </Group>
              ) : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('drill.overview.noBaseline')}
            </Text>
          )}
        </Figure>
      </SimpleGrid>

      <Part
        title={t('drill.overview.newest')}
        link={{ to: href.tab(tid, 'assessments'), label: t('drill.overview.allAssessments') }}
      >
        {view.recentAssessments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('drill.overview.noAssessments')}
          </Text>
        ) : (
          <AssessmentTable
            items={view.recentAssessments}
            hrefFor={(id) => href.assessment(tid, id)}
            now={now}
          />
        )}
      </Part>

      <Part
        title={t('drill.overview.tasks')}
        link={{ to: href.tab(tid, 'remediation'), label: t('drill.overview.allTasks') }}
      >
        {tasks.open.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('drill.overview.noTasks')}
          </Text>
        ) : (
          <TaskTable tasks={tasks.open} hrefFor={(id) => href.task(tid, id)} selection={null} />
        )}
      </Part>

      <TenantOverview tenant={tenant} />
    </Stack>
  );
}
