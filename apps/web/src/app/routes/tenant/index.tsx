import { SCREEN_TABS, SCREEN_TITLES } from '@tenantry/shared';
import { Alert, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { ScreenTabs } from '#web/components/ScreenTabs.tsx';
import { useTenant } from '#web/features/tenants/api/get-tenant.ts';
import { TenantOverview } from '#web/features/tenants/components/TenantOverview.tsx';
import { TenantSettings } from '#web/features/tenants/components/TenantSettings.tsx';
import { TenantSharingPanel } from '#web/features/sharing/components/TenantSharingPanel.tsx';
import { ApiError } from '#web/lib/api.ts';
import type { ScreenProps } from '#web/app/route-handle.ts';

const TABS = SCREEN_TABS.tenant;
/** Tabs whose features have not landed yet say so plainly. */
const LATER: Record<string, string> = {
  assessments: 'Assessments arrive with the assessments feature.',
  baseline: 'The baseline view arrives with assessments and scoring.',
  remediation: 'Remediation tasks arrive with playbooks and remediation.',
};

/**
 * tenant/{tenantId}[/{tab}[/{focus}]]: the last form is the baseline view, with `focus` naming
 * the assessment, section or question in view.
 */
export default function TenantScreen({ screen }: ScreenProps) {
  const { tenantId = '', tab, focus } = useParams();
  const active = tab ?? TABS[0];
  const base = `/tenant/${encodeURIComponent(tenantId)}`;
  const query = useTenant(tenantId);
  const tenant = query.data;

  if (query.isError) {
    const missing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    return (
      <>
        <PageHeader title={SCREEN_TITLES[screen]} />
        <Alert
          color={missing ? 'gray' : 'red'}
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={missing ? 'Client tenant not found' : 'The client tenant could not be loaded'}
        >
          {missing ? (
            <Text size="sm">
              It does not exist, or it is not part of your account.{' '}
              <Link to="/tenant">Back to client tenants</Link>
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
        title={tenant?.name ?? SCREEN_TITLES[screen]}
        description={
          tenant ? (
            <Group gap="xs" component="span">
              {tenant.archivedAt ? (
                <Badge color="gray" variant="outline">
                  Archived
                </Badge>
              ) : null}
              {tenant.industry ? <span>{tenant.industry}</span> : null}
              {focus ? (
                <span>
                  In focus: <strong>{focus}</strong>
                </span>
              ) : null}
            </Group>
          ) : undefined
        }
      />
      <ScreenTabs
        label="Client tenant sections"
        tabs={TABS}
        active={active}
        hrefFor={(t) => `${base}/${t}`}
      >
        {!tenant ? (
          <Stack gap="sm" aria-busy aria-label="Loading the client tenant">
            <Skeleton height={90} />
            <Skeleton height={60} />
            <Skeleton height={120} />
          </Stack>
        ) : active === 'overview' ? (
          <TenantOverview tenant={tenant} />
        ) : active === 'settings' ? (
          <TenantSettings tenant={tenant} />
        ) : active === 'sharing' ? (
          tenant.access.shareRole ? (
            <Alert variant="light" color="gray">
              Who can see this client tenant is managed by the account that shared it with you.
            </Alert>
          ) : (
            <TenantSharingPanel tenantId={tenant.id} myRole={tenant.access.accountRole} />
          )
        ) : (
          <NotBuiltYet>
            {LATER[active] ?? 'There is no such section.'} This screen is not built yet.
          </NotBuiltYet>
        )}
      </ScreenTabs>
    </>
  );
}
