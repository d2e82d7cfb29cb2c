import { Anchor, Badge, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NameText } from '#web/components/NameText.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';
import { SupportAccessButton } from '#web/features/service-console/support-access/components/SupportAccessButton.tsx';
import { useDrillTenant } from '#web/features/service-console/tenants/api/tenants-api.ts';
import {
  DRILL_TABS,
  drillHrefs,
  resolveDrillFocus,
} from '#web/features/service-console/tenants/lib/drill-view.ts';
import { DrillAssessment } from './assessment.tsx';
import { DrillAssessments } from './assessments.tsx';
import { DrillBaseline } from './baseline.tsx';
import { DrillOverview } from './overview.tsx';
import { DrillRemediation } from './remediation.tsx';
import {
  DrillError,
  DrillLoading,
} from '#web/features/service-console/tenants/components/DrillStates.tsx';
import { t } from '../../../messages.ts';

/**
 * service/tenants/{accountId}/{tenantId}[/{focus}]: one client tenant, read-only, with the
 * tabs its members see (overview, assessments, baseline, remediation); `focus` is a tab or an
 * assessment (lib/drill-view.ts).
 */
export function TenantDrillPage({
  accountId,
  tenantId,
  focus,
}: {
  accountId: string;
  tenantId: string;
  focus: string | undefined;
}) {
  const href = drillHrefs(accountId);
  const query = useDrillTenant(accountId, tenantId);
  const { tab, assessmentId } = resolveDrillFocus(focus);

  if (query.isPending) {
    return <DrillLoading label={t('drill.tenant.loading')} heights={[48, 44, 120, 220]} />;
  }
  if (query.isError) {
    return (
      <DrillError
        error={query.error}
        what={t('drill.tenant.what')}
        back={{ to: href.tenants, label: t('drill.tenant.back') }}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const v = query.data;
  const ids = { accountId, tenantId };
  return (
    <Stack gap="md">
      <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to={href.accountPage} size="sm">
          <NameText name={v.account.name} lines={1} size="sm" maw={220} />
        </Anchor>
        <Anchor component={Link} to={href.tenants} size="sm">
          {t('drill.tenant.crumb')}
        </Anchor>
        <Text size="sm" c="dimmed" component="span">
          <NameText name={v.tenant.name} lines={1} size="sm" maw={220} />
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} flex="1 1 240px">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {v.tenant.name}
          </Title>
          <Group gap="xs">
            {v.tenant.archivedAt ? (
              <Badge color="gray" variant="outline" size="sm">
                {t('drill.tenant.archived')}
              </Badge>
            ) : null}
            {v.account.suspended ? (
              <Badge color="red" variant="light" size="sm">
                {t('drill.tenant.suspended')}
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {v.tenant.industry ? `${v.tenant.industry} · ` : ''}
              {tenantId}
            </Text>
          </Group>
        </Stack>
        <SupportAccessButton accountId={accountId} />
      </Group>
      <ScreenTabs
        label={t('drill.tenant.sections')}
        tabs={DRILL_TABS}
        active={tab}
        hrefFor={(t) => href.tab(tenantId, t as (typeof DRILL_TABS)[number])}
      >
        {tab === 'overview' ? (
          <DrillOverview view={v} href={href} />
        ) : tab === 'assessments' && assessmentId ? (
          <DrillAssessment {...ids} assessmentId={assessmentId} href={href} />
        ) : tab === 'assessments' ? (
          <DrillAssessments {...ids} href={href} />
        ) : tab === 'baseline' ? (
          <DrillBaseline {...ids} href={href} />
        ) : (
          <DrillRemediation {...ids} href={href} />
        )}
      </ScreenTabs>
    </Stack>
  );
}
