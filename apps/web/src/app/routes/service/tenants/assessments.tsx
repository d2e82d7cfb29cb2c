import { Stack, Text } from '@mantine/core';
import { PagedList } from '#web/components/PagedList.tsx';
import {
  AssessmentStatusFilter,
  AssessmentTable,
  NoAssessmentsFor,
  useAssessmentStatus,
} from '#web/features/assessments/components/AssessmentTable.tsx';
import { useNow } from '#web/features/assessments/components/use-now.ts';
import { useDrillAssessments } from '#web/features/service-console/tenants/api/tenants-api.ts';
import type { DrillHrefs } from '#web/features/service-console/tenants/lib/drill-view.ts';
import { t } from '../../../messages.ts';

/** The assessments tab, read-only: open, completed or all (`?status=`), page by page. */
export function DrillAssessments({
  accountId,
  tenantId,
  href,
}: {
  accountId: string;
  tenantId: string;
  href: DrillHrefs;
}) {
  const [status, setStatus] = useAssessmentStatus();
  const list = useDrillAssessments(accountId, tenantId, status);
  const now = useNow(30_000);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="md">
      <AssessmentStatusFilter status={status} onChange={setStatus} />
      <PagedList
        query={list}
        count={items.length}
        noun={t('drill.assessments.noun')}
        skeletons={4}
        empty={
          status === 'all' ? (
            <Text c="dimmed" role="status">
              {t('drill.assessments.none')}
            </Text>
          ) : (
            <NoAssessmentsFor status={status} />
          )
        }
      >
        <AssessmentTable items={items} hrefFor={(id) => href.assessment(tenantId, id)} now={now} />
      </PagedList>
    </Stack>
  );
}
