import type { TenantDetail } from '@tenantry/shared';
import { Group, Skeleton, Stack } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { remediationAccess } from '#web/features/remediation/lib/access.ts';
import { assessmentHref } from './assessments.tsx';
import { t } from '../../messages.ts';

// The tab's board, list and drawer are a chunk of their own, loaded with the tab.
const RemediationPanel = lazy(
  () => import('#web/features/remediation/components/RemediationPanel.tsx'),
);

export const remediationHref = (tenantId: string) =>
  `/tenant/${encodeURIComponent(tenantId)}/remediation`;

function Loading() {
  return (
    <Stack gap="md" aria-busy aria-label={t('tenant.remediation.loading')}>
      <Skeleton height={52} radius="md" />
      <Group grow align="flex-start" gap="sm">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={260} radius="md" />
        ))}
      </Group>
    </Stack>
  );
}

/**
 * The tenant's remediation tab: its tasks (board or list, a task in a drawer). Links to the
 * assessments a task came from, the question in view; to its playbook in the library for
 * members (a shared user has no library).
 */
export function TenantRemediation({ tenant }: { tenant: TenantDetail }) {
  const access = remediationAccess(tenant.access);
  const t = encodeURIComponent(tenant.id);
  return (
    <Suspense fallback={<Loading />}>
      <RemediationPanel
        tenantId={tenant.id}
        access={access}
        assessmentsHref={`/tenant/${t}/assessments`}
        assessmentHref={(id) => assessmentHref(tenant.id, id)}
        questionHref={(id, key) =>
          `${assessmentHref(tenant.id, id)}?${new URLSearchParams({ q: key })}`
        }
        playbookHref={
          access.member
            ? (key) => `/explore/playbooks/${t}?${new URLSearchParams({ q: key })}`
            : null
        }
      />
    </Suspense>
  );
}
