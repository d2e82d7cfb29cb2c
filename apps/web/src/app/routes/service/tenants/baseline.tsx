import { BASELINE_ERROR_CODES } from '@tenantry/shared';
import { Alert, Anchor, Box, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFlag, IconInfoCircle } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BaselineSides } from '#web/features/baseline/components/BaselineHeader.tsx';
import { BaselineSummary } from '#web/features/baseline/components/BaselineSummary.tsx';
import { SectionDetail } from '#web/features/baseline/components/SectionDetail.tsx';
import { SectionsTable } from '#web/features/baseline/components/SectionsTable.tsx';
import { childrenOf, resolveFocus } from '#web/features/baseline/lib/baseline-view.ts';
import { ApiError } from '#web/lib/api.ts';
import { useDrillBaseline } from '#web/features/service-console/tenants/api/tenants-api.ts';
import type { DrillHrefs } from '#web/features/service-console/tenants/lib/drill-view.ts';
import {
  DrillError,
  DrillLoading,
} from '#web/features/service-console/tenants/components/DrillStates.tsx';
import { t } from '../../../messages.ts';

// The charts (recharts) are a chunk of their own, as on the tenant's own baseline tab.
const BaselineCharts = lazy(() =>
  import('#web/features/baseline/components/BaselineCharts.tsx').then((m) => ({
    default: m.BaselineCharts,
  })),
);

/**
 * The baseline tab, read-only: the baseline and the assessment compared with it (`?compare=`),
 * the summary, charts and sections; `?at=` drills into a section or question. Nothing can be
 * marked or cleared here.
 */
export function DrillBaseline({
  accountId,
  tenantId,
  href,
}: {
  accountId: string;
  tenantId: string;
  href: DrillHrefs;
}) {
  const [params, setParams] = useSearchParams();
  const compare = params.get('compare') || undefined;
  const at = params.get('at') || undefined;
  const query = useDrillBaseline(accountId, tenantId, compare);
  const hrefFor = (key: string) => href.baselineAt(tenantId, key, compare);
  const allHref = href.baselineAt(tenantId, undefined, compare);

  if (query.isPending) {
    return <DrillLoading label={t('drill.baseline.loading')} heights={[110, 96, 300]} />;
  }
  if (query.isError) {
    const err = query.error;
    if (err instanceof ApiError && err.code === BASELINE_ERROR_CODES.compareNotFound) {
      return (
        <Alert
          color="gray"
          variant="light"
          role="alert"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={t('drill.baseline.cannotCompare')}
        >
          <Text size="sm">
            {err.message}{' '}
            <Anchor component={Link} to={href.tab(tenantId, 'baseline')} inherit>
              {t('drill.baseline.compareLatest')}
            </Anchor>
          </Text>
        </Alert>
      );
    }
    return (
      <DrillError
        error={err}
        what={t('drill.baseline.what')}
        back={{ to: href.tenant(tenantId), label: t('drill.baseline.back') }}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const c = query.data;
  if (!c.baseline) {
    return (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <IconFlag size={36} aria-hidden />
          <Title order={3} size="h4">
            {t('drill.baseline.none.title')}
          </Title>
          <Text c="dimmed" size="sm" maw={520}>
            {c.candidates.length > 0
              ? t('drill.baseline.none.candidates', { n: c.candidates.length })
              : t('drill.baseline.none.body')}
          </Text>
        </Stack>
      </Card>
    );
  }
  const view = resolveFocus(c, at);
  return (
    <Stack
      gap="md"
      aria-busy={query.isPlaceholderData || undefined}
      style={{ opacity: query.isPlaceholderData ? 0.6 : undefined }}
    >
      <BaselineSides
        comparison={c}
        assessmentHref={(id) => href.assessment(tenantId, id)}
        onCompare={(id) => {
          const next = new URLSearchParams(params);
          next.set('compare', id);
          setParams(next);
        }}
      />
      {!c.latest ? (
        <Text size="sm" c="dimmed" role="status">
          {t('drill.baseline.nothingToCompare', { framework: c.baseline.framework.name })}
        </Text>
      ) : view.kind === 'all' ? (
        <>
          <BaselineSummary comparison={c} />
          <Suspense
            fallback={
              <Skeleton height={360} radius="md" aria-label={t('drill.baseline.loadingCharts')} />
            }
          >
            <BaselineCharts sections={c.sections} />
          </Suspense>
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('drill.baseline.sections')}
            </Title>
            <SectionsTable
              label={t('drill.baseline.sections.label')}
              rows={childrenOf(c.sections, null)}
              all={c.sections}
              hrefFor={hrefFor}
            />
          </Stack>
        </>
      ) : view.kind === 'section' ? (
        <SectionDetail
          comparison={c}
          section={view.section}
          trail={view.trail}
          question={view.question}
          allHref={allHref}
          hrefFor={hrefFor}
          taskHref={(id) => href.task(tenantId, id)}
        />
      ) : (
        <Alert color="gray" variant="light" role="alert" title={t('drill.baseline.noSuch.title')}>
          <Text size="sm">
            <Box component="span" style={{ overflowWrap: 'anywhere' }}>
              {t('drill.baseline.noSuch.body', { at: at ?? '' })}
            </Box>{' '}
            <Anchor component={Link} to={allHref} inherit>
              {t('drill.baseline.noSuch.back')}
            </Anchor>
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
