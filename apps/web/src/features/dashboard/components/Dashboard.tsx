import {
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBuilding, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import { DashboardCard } from './DashboardCard.tsx';
import { DueDates } from './DueDates.tsx';
import { LargestGaps } from './LargestGaps.tsx';
import { OpenAssessments } from './OpenAssessments.tsx';
import { OverdueTasks } from './OverdueTasks.tsx';
import { ExpiringEvidence } from './ExpiringEvidence.tsx';
import { StatCards } from './StatCards.tsx';
import { TrendCard } from './TrendCard.tsx';
import { t } from '../messages.ts';

function LoadingDashboard() {
  return (
    <Stack gap="md" aria-busy aria-label={t('loading')}>
      <Grid gap={{ base: 'xs', sm: 'md' }}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Grid.Col key={i} span={{ base: 6, sm: 4, lg: 2.4 }}>
            <Skeleton height={112} radius="md" />
          </Grid.Col>
        ))}
      </Grid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Skeleton height={320} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Skeleton height={320} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** A new account: nothing to sum up before the first client tenant. */
function NoTenants() {
  return (
    <Card withBorder radius="md" padding="xl" component="section" aria-labelledby="dashboard-empty">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon variant="light" size={56} radius="xl" aria-hidden>
          <IconBuilding size={30} />
        </ThemeIcon>
        <Title order={2} size="h3" id="dashboard-empty">
          {t('noTenants.title')}
        </Title>
        <Text c="dimmed" maw={480}>
          {t('noTenants.body')}
        </Text>
        <Button component={Link} to="/tenant" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('noTenants.add')}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The account's dashboard: the figures, the due dates, the score by month, the open
 * assessments, the tenants with the most gaps, and `activity` (composed by the route for those
 * who may read the audit log; none: left out). `dueDatesAction` sits beside the due dates'
 * heading (the route's calendar subscription).
 */
export function Dashboard({
  activity,
  dueDatesAction,
}: {
  activity?: ReactNode;
  dueDatesAction?: ReactNode;
}) {
  const query = useDashboard();
  if (query.isPending) return <LoadingDashboard />;
  if (query.isError) {
    return (
      <ErrorAlert title={t('loadFailed')}>
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text size="sm">{query.error.message}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {t('retry')}
          </Button>
        </Group>
      </ErrorAlert>
    );
  }
  const d = query.data;
  if (d.tenants.active === 0 && d.tenants.archived === 0) return <NoTenants />;
  return (
    <Stack gap="md">
      <StatCards dashboard={d} />
      {/* Two columns on a wide screen, each stacking its panels at their own height. */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <TrendCard trend={d.trend} />
            <OpenAssessments items={d.openAssessments} total={d.assessments.open} />
            <OverdueTasks remediation={d.remediation} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <DueDates dueDates={d.dueDates} action={dueDatesAction} />
            <LargestGaps items={d.largestGaps} />
            <ExpiringEvidence evidence={d.evidence} />
            {activity ? (
              <DashboardCard
                title={t('activity.title')}
                action={
                  <Anchor component={Link} to="/admin/audit" size="sm">
                    {t('activity.auditLog')}
                  </Anchor>
                }
              >
                {activity}
              </DashboardCard>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
