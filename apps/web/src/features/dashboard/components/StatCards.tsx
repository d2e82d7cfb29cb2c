import { formatScore, type Dashboard } from '@tenantry/shared';
import { Anchor, Grid, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuilding,
  IconChartLine,
  IconChecklist,
  IconClipboardCheck,
  IconProgress,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../messages.ts';

function StatCard({
  label,
  value,
  icon: StatIcon,
  color,
  wide = false,
  children,
}: {
  label: ReactNode;
  value: string | number;
  icon: Icon;
  color: string;
  /** Across the whole row on a phone (the odd one out). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Grid.Col span={{ base: wide ? 12 : 6, sm: 4, lg: 2.4 }}>
      <Paper withBorder radius="md" p="md" miw={0} h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" fw={500} miw={0}>
            {label}
          </Text>
          <ThemeIcon
            variant="light"
            color={color}
            size={32}
            radius="md"
            aria-hidden
            visibleFrom="xs"
          >
            <StatIcon size={18} stroke={1.8} />
          </ThemeIcon>
        </Group>
        <Text fz={30} fw={700} lh={1.1} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Text>
        <Text size="xs" c="dimmed" mt={6}>
          {children}
        </Text>
      </Paper>
    </Grid.Col>
  );
}

/**
 * The figures at the top: tenants, assessed tenants, average score, open assessments and open
 * remediation tasks.
 */
export function StatCards({ dashboard: d }: { dashboard: Dashboard }) {
  const overdue = d.remediation.overdue;
  return (
    // Two by two on a phone (the fifth across), three then two on a tablet, one row wide.
    <Grid gap={{ base: 'xs', sm: 'md' }}>
      <StatCard
        label={
          <Anchor component={Link} to="/tenant" inherit fw={600}>
            {t('stats.tenants')}
          </Anchor>
        }
        value={d.tenants.active}
        icon={IconBuilding}
        color="indigo"
      >
        {d.tenants.archived > 0
          ? t('stats.tenants.archived', { archived: d.tenants.archived })
          : t('stats.tenants.noneArchived')}
      </StatCard>
      <StatCard
        label={t('stats.assessed')}
        value={d.tenants.assessed}
        icon={IconClipboardCheck}
        color="teal"
      >
        {d.tenants.active > 0
          ? t('stats.assessed.ofActive', { active: d.tenants.active })
          : t('stats.assessed.noneActive')}
      </StatCard>
      <StatCard
        label={t('stats.score')}
        value={formatScore(d.averageScore)}
        icon={IconChartLine}
        color="blue"
      >
        {d.averageScore === null ? t('stats.score.none') : t('stats.score.latest')}
      </StatCard>
      <StatCard
        label={t('stats.open')}
        value={d.assessments.open}
        icon={IconProgress}
        color="orange"
      >
        {t('stats.open.completed', { completed: d.assessments.completed })}
      </StatCard>
      <StatCard
        label={t('stats.tasks')}
        value={d.remediation.open}
        icon={IconChecklist}
        color="grape"
        wide
      >
        {overdue > 0 ? (
          <Text component="span" inherit c="red" fw={600}>
            {t('stats.tasks.overdue', { overdue })}
          </Text>
        ) : d.remediation.open > 0 ? (
          t('stats.tasks.noneOverdue')
        ) : (
          t('stats.tasks.remediation')
        )}
      </StatCard>
    </Grid>
  );
}
