import { SCREEN_TABS, type TenantDetail } from '@tenantry/shared';
import { screenTitle } from '#web/lib/labels.ts';
import { Alert, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { NoSuchSection } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';
import { useAccount } from '#web/features/account/api/get-account.ts';
import { useMe } from '#web/features/auth/api/me.ts';
import { usePlanLock } from '#web/features/billing/api/get-billing.ts';
import { useTenant } from '#web/features/tenants/api/get-tenant.ts';
import { TenantOverview } from '#web/features/tenants/components/TenantOverview.tsx';
import { TenantSettings } from '#web/features/tenants/components/TenantSettings.tsx';
import { TenantSharingPanel } from '#web/features/sharing/components/TenantSharingPanel.tsx';
import { ApiError } from '#web/lib/api.ts';
import type { ScreenProps } from '#web/app/route-handle.ts';
import { TenantAssessments } from './assessments.tsx';
import { TenantBaseline } from './baseline.tsx';
import { TenantEvidence } from './evidence.tsx';
import { TenantRemediation } from './remediation.tsx';
import { t } from '../../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const TABS = SCREEN_TABS.tenant;
/** Managed by the account that shared the client tenant: not shown to a shared user. */
const MEMBERS_ONLY: readonly string[] = ['sharing', 'settings'];
const SHARED_TABS = TABS.filter((t) => !MEMBERS_ONLY.includes(t));

/** The sharing tab (members only), with the plan's lock before the form when sharing is not in it. */
function SharingTab({ tenant }: { tenant: TenantDetail }) {
  const account = useAccount();
  const planLock = usePlanLock(account.data, { feature: 'sharing' });
  return (
    <TenantSharingPanel
      tenantId={tenant.id}
      myRole={tenant.access.accountRole}
      planLock={planLock}
    />
  );
}

/**
 * tenant/{tenantId}[/{tab}[/{focus}]]: the last form is the baseline view, with `focus` naming
 * the assessment, section or question in view; under `assessments`, the assessment's screen,
 * and with `/results` after it the assessment's results.
 */
export default function TenantScreen({ screen }: ScreenProps) {
  const { tenantId = '', tab, focus, view } = useParams();
  const { user } = useMe();
  const shared = user?.isSharedUser === true;
  const tabs = shared ? SHARED_TABS : TABS;
  const active = tab ?? TABS[0];
  const base = `/tenant/${encodeURIComponent(tenantId)}`;
  const query = useTenant(tenantId);
  const tenant = query.data;

  // A shared user has no sharing or settings of their own: the overview instead.
  if (shared && MEMBERS_ONLY.includes(active)) return <Navigate to={`${base}/overview`} replace />;

  if (query.isError) {
    const missing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    return (
      <>
        <PageHeader title={screenTitle(screen)} />
        <Alert
          color={missing ? 'gray' : 'red'}
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={missing ? t('tenant.notFound') : t('tenant.loadFailed')}
        >
          {missing && shared ? (
            <Text size="sm">
              {t('tenant.notShared')}{' '}
              {user?.ttid && user.ttid !== tenantId ? (
                <Link to={`/tenant/${encodeURIComponent(user.ttid)}`}>
                  {t('tenant.backToShared')}
                </Link>
              ) : null}
            </Text>
          ) : missing ? (
            <Text size="sm">
              {t('tenant.notInAccount')} <Link to="/tenant">{t('tenant.backToList')}</Link>
            </Text>
          ) : (
            <Text size="sm">{query.error.message}</Text>
          )}
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={tenant?.name ?? screenTitle(screen)}
        description={
          tenant ? (
            <Group gap="xs" component="span">
              {tenant.archivedAt ? (
                <Badge color="gray" variant="outline">
                  {t('tenant.archived')}
                </Badge>
              ) : null}
              {tenant.industry ? <span>{tenant.industry}</span> : null}
              {focus && active !== 'assessments' && active !== 'baseline' ? (
                <span>{rich(t, 'tenant.focus', {}, { focus: <strong>{focus}</strong> })}</span>
              ) : null}
            </Group>
          ) : undefined
        }
      />
      <ScreenTabs
        label={t('tenant.sections')}
        tabs={tabs}
        active={active}
        hrefFor={(t) => `${base}/${t}`}
      >
        {!tenant ? (
          <Stack gap="sm" aria-busy aria-label={t('tenant.loading')}>
            <Skeleton height={90} />
            <Skeleton height={60} />
            <Skeleton height={120} />
          </Stack>
        ) : active === 'overview' ? (
          <TenantOverview tenant={tenant} />
        ) : active === 'settings' ? (
          <TenantSettings tenant={tenant} />
        ) : active === 'assessments' ? (
          <TenantAssessments tenant={tenant} focus={focus} view={view} />
        ) : active === 'baseline' ? (
          <TenantBaseline tenant={tenant} focus={focus} />
        ) : active === 'remediation' ? (
          <TenantRemediation tenant={tenant} />
        ) : active === 'evidence' ? (
          <TenantEvidence tenant={tenant} />
        ) : active === 'sharing' ? (
          <SharingTab tenant={tenant} />
        ) : (
          <NoSuchSection />
        )}
      </ScreenTabs>
    </>
  );
}
