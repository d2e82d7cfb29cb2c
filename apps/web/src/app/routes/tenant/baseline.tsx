import type { TenantDetail } from '@tenantry/shared';
import { Skeleton, Stack } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { assessmentHref } from './assessments.tsx';
import { remediationHref } from './remediation.tsx';
import { t } from '../../messages.ts';

// The comparison and its charts (recharts) are a chunk of their own, loaded with the tab.
const BaselinePanel = lazy(() => import('#web/features/baseline/components/BaselinePanel.tsx'));

export const baselineHref = (tenantId: string) =>
  `/tenant/${encodeURIComponent(tenantId)}/baseline`;

function Loading() {
  return (
    <Stack gap="md" aria-busy aria-label={t('tenant.baseline.loading')}>
      <Skeleton height={110} radius="md" />
      <Skeleton height={96} radius="md" />
      <Skeleton height={300} radius="md" />
    </Stack>
  );
}

/** The tenant's baseline tab; `focus` names a section or question to drill into. */
export function TenantBaseline({
  tenant,
  focus,
}: {
  tenant: TenantDetail;
  focus: string | undefined;
}) {
  return (
    <Suspense fallback={<Loading />}>
      <BaselinePanel
        tenantId={tenant.id}
        focus={focus}
        baseHref={baselineHref(tenant.id)}
        assessmentsHref={`/tenant/${encodeURIComponent(tenant.id)}/assessments`}
        assessmentHref={(id) => assessmentHref(tenant.id, id)}
        taskHref={(id) => `${remediationHref(tenant.id)}?${new URLSearchParams({ task: id })}`}
      />
    </Suspense>
  );
}
