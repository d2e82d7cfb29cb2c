import { can, canShared, type TenantDetail } from '@tenantry/shared';
import { Skeleton, Stack } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { assessmentHref } from './assessments.tsx';
import { t } from '../../messages.ts';

// The library and its drawer are a chunk of their own, loaded with the tab.
const EvidenceLibrary = lazy(() => import('#web/features/evidence/components/EvidenceLibrary.tsx'));

function Loading() {
  return (
    <Stack gap="sm" aria-busy aria-label={t('tenant.evidence.loading')}>
      <Skeleton height={52} radius="md" />
      <Skeleton height={72} radius="md" />
      <Skeleton height={72} radius="md" />
    </Stack>
  );
}

/**
 * The tenant's evidence tab: its library of files. Members and contributors upload, edit,
 * replace and delete (the server decides again); a viewer reads and downloads. A file's uses
 * link to the question in its assessment.
 */
export function TenantEvidence({ tenant }: { tenant: TenantDetail }) {
  const canEdit =
    can(tenant.access.accountRole, 'tenants.read') ||
    canShared(tenant.access.shareRole, 'tenant.contribute');
  return (
    <Suspense fallback={<Loading />}>
      <EvidenceLibrary
        tenantId={tenant.id}
        canEdit={canEdit}
        hrefOfUse={(u) =>
          `${assessmentHref(tenant.id, u.assessmentId)}?${new URLSearchParams({ q: u.questionKey })}`
        }
      />
    </Suspense>
  );
}
