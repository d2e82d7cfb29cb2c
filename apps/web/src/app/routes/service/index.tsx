import { SCREEN_TABS } from '@tenantry/shared';
import { screenTitle } from '#web/lib/labels.ts';
import { Alert, Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { NoSuchSection } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';
import { useMe } from '#web/features/auth/api/me.ts';
import { FeedbackPanel } from '#web/features/feedback/components/FeedbackPanel.tsx';
import { RoadmapTriagePanel } from '#web/features/roadmap/components/RoadmapTriagePanel.tsx';
import { describeAuditEntry } from '#web/features/audit/lib/audit-labels.ts';
import { AnalyticsPanel } from '#web/features/service-console/analytics/components/AnalyticsPanel.tsx';
import { AccountPage } from '#web/features/service-console/accounts/components/AccountPage.tsx';
import { AccountsPanel } from '#web/features/service-console/accounts/components/AccountsPanel.tsx';
import { AuditPanel } from '#web/features/service-console/audit/components/AuditPanel.tsx';
import { SubscriptionsPanel } from '#web/features/service-console/components/SubscriptionsPanel.tsx';
import { UserPage } from '#web/features/service-console/users/components/UserPage.tsx';
import { UsersPanel } from '#web/features/service-console/users/components/UsersPanel.tsx';
import { OverviewPanel } from '#web/features/service-console/overview/components/OverviewPanel.tsx';
import { SystemPanel } from '#web/features/service-console/system/components/SystemPanel.tsx';
import { TenantDrillDown } from './tenants/index.tsx';
import { SupportQueuePanel } from '#web/features/support/components/SupportQueuePanel.tsx';
import { t } from '../../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const TABS = SCREEN_TABS.service;

/**
 * Each tab's panel (features/service-console and the domains that own a tab), given the path's
 * `focus`.
 */
const PANELS: Partial<Record<string, (props: { focus?: string }) => ReactNode>> = {
  accounts: ({ focus }) =>
    focus ? <AccountPage id={focus} describe={describeAuditEntry} /> : <AccountsPanel />,
  subscriptions: () => <SubscriptionsPanel />,
  roadmap: () => <RoadmapTriagePanel />,
  support: ({ focus }) => <SupportQueuePanel focus={focus} />,
  feedback: () => <FeedbackPanel />,
  audit: () => <AuditPanel describe={describeAuditEntry} />,
  analytics: () => <AnalyticsPanel />,
  users: ({ focus }) => (focus ? <UserPage id={focus} /> : <UsersPanel />),
  overview: () => <OverviewPanel />,
  system: () => <SystemPanel />,
};

function TabBody({ active, focus }: { active: string | null; focus?: string }) {
  const Panel = active ? PANELS[active] : undefined;
  return Panel ? <>{Panel({ focus })}</> : <NoSuchSection />;
}

/**
/**
 * The console opens only to a system admin with a second factor (docs/identity.md): the server
 * refuses every staff route without one (`auth.second_factor_required_for_service`).
 */
function SecondFactorNeeded() {
  return (
    <Alert color="red" variant="light" role="alert" title={t('service.secondFactor.title')}>
      <Text size="sm">
        {rich(
          t,
          'service.secondFactor.body',
          {},
          {
            link: (
              <Anchor component={Link} to="/admin/security">
                {t('service.secondFactor.link')}
              </Anchor>
            ),
          },
        )}
      </Text>
    </Alert>
  );
}

/**
 * The system admins' console: service/{tab}/{focus}, and the read-only tenants drill-down
 * service/tenants/{tid}/{ttid}/{focus} (features/service-console/tenants).
 */
export default function ServiceScreen() {
  const { tab, focus, tid, ttid } = useParams();
  const { pathname } = useLocation();
  const { user } = useMe();
  if (user?.secondFactor && !user.secondFactor.enrolled) {
    return (
      <>
        <PageHeader title={screenTitle('service')} description={t('service.description')} />
        <SecondFactorNeeded />
      </>
    );
  }
  const tenantForm = tid !== undefined && pathname.startsWith('/service/tenants/');
  const active = tenantForm ? null : (tab ?? TABS[0]);
  return (
    <>
      <PageHeader title={screenTitle('service')} description={t('service.description')} />
      <ScreenTabs
        label={t('service.sections')}
        tabs={TABS}
        active={active}
        hrefFor={(t) => `/service/${t}`}
      >
        {tenantForm && tid ? (
          <TenantDrillDown accountId={tid} tenantId={ttid} focus={focus} />
        ) : (
          <TabBody active={active} focus={focus} />
        )}
      </ScreenTabs>
    </>
  );
}
