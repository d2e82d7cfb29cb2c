import { BASELINE_ERROR_CODES } from '@tenantry/shared';
import { Alert, Anchor, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useBaseline } from '../api/get-baseline.ts';
import { childrenOf, resolveFocus } from '../lib/baseline-view.ts';
import { BaselineEmptyState } from './BaselineEmptyState.tsx';
import { BaselineHeader } from './BaselineHeader.tsx';
import { BaselineSummary } from './BaselineSummary.tsx';
import { SectionDetail } from './SectionDetail.tsx';
import { SectionsTable } from './SectionsTable.tsx';
import { t } from '../messages.ts';

// The charts (recharts, ~130 KB gzipped) are a chunk of their own: the empty state, the table
// and a section's questions show without waiting for them.
const BaselineCharts = lazy(() =>
  import('./BaselineCharts.tsx').then((m) => ({ default: m.BaselineCharts })),
);

export interface BaselinePanelProps {
  tenantId: string;
  /** A section or question key to drill into (the URL's last segment). */
  focus: string | undefined;
  /** The baseline tab: /tenant/{tenantId}/baseline. */
  baseHref: string;
  /** The tenant's assessments tab. */
  assessmentsHref: string;
  /** The URL of an assessment's screen. */
  assessmentHref: (assessmentId: string) => string;
  /** The URL of a remediation task (a question's badge links to it). */
  taskHref: (taskId: string) => string;
}

function LoadingComparison() {
  return (
    <Stack gap="md" aria-busy aria-label={t('panel.loading')}>
      <Skeleton height={110} radius="md" />
      <Group grow gap="sm" wrap="wrap">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={96} radius="md" miw={140} />
        ))}
      </Group>
      <Skeleton height={300} radius="md" />
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}

/**
 * The baseline tab of a client tenant: the empty state (what a baseline is, mark one), or the
 * comparison of an assessment (`?compare=`, default the latest) with the baseline: header,
 * summary, charts and the sections table; with a focus, one section and its questions.
 */
export function BaselinePanel({
  tenantId,
  focus,
  baseHref,
  assessmentsHref,
  assessmentHref,
  taskHref,
}: BaselinePanelProps) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const compare = params.get('compare') || undefined;
  const query = useBaseline(tenantId, compare);
  const search = compare ? `?${new URLSearchParams({ compare })}` : '';
  const allHref = `${baseHref}${search}`;
  const hrefFor = (key: string) => `${baseHref}/${encodeURIComponent(key)}${search}`;

  if (query.isPending) return <LoadingComparison />;
  if (query.isError) {
    const err = query.error;
    const status = err instanceof ApiError ? err.status : 0;
    if (err instanceof ApiError && err.code === BASELINE_ERROR_CODES.compareNotFound) {
      return (
        <Alert
          color="gray"
          variant="light"
          role="alert"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={t('panel.compareNotFound.title')}
        >
          <Text size="sm">
            {err.message}{' '}
            <Anchor
              component={Link}
              to={focus ? `${baseHref}/${encodeURIComponent(focus)}` : baseHref}
              inherit
            >
              {t('panel.compareNotFound.latest')}
            </Anchor>
          </Text>
        </Alert>
      );
    }
    if (status === 404 || status === 403) {
      return (
        <ErrorAlert title={t('panel.notFound.title')}>
          <Text size="sm">
            {t('panel.notFound.body')}{' '}
            <Anchor component={Link} to="/tenant" inherit>
              {t('panel.notFound.back')}
            </Anchor>
          </Text>
        </ErrorAlert>
      );
    }
    return (
      <ErrorAlert title={t('panel.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{err.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('panel.retry')}
          </Button>
        </Stack>
      </ErrorAlert>
    );
  }

  const c = query.data;
  if (!c.baseline) {
    return (
      <BaselineEmptyState tenantId={tenantId} comparison={c} assessmentsHref={assessmentsHref} />
    );
  }
  const view = resolveFocus(c, focus);

  return (
    <Stack
      gap="md"
      aria-busy={query.isPlaceholderData || undefined}
      style={{ opacity: query.isPlaceholderData ? 0.6 : undefined, transition: 'opacity 150ms' }}
    >
      <BaselineHeader
        tenantId={tenantId}
        comparison={c}
        assessmentHref={assessmentHref}
        onCompare={(id) => {
          const next = new URLSearchParams(params);
          next.set('compare', id);
          setParams(next);
        }}
        onBaselineChanged={() => void navigate(baseHref)}
      />
      {!c.latest ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={t('panel.nothingToCompare.title')}
        >
          <Text size="sm">
            {t('panel.nothingToCompare.body', { framework: c.baseline.framework.name })}{' '}
            <Anchor component={Link} to={assessmentsHref} inherit>
              {t('panel.nothingToCompare.assessments')}
            </Anchor>
          </Text>
        </Alert>
      ) : view.kind === 'all' ? (
        <>
          <BaselineSummary comparison={c} />
          <Suspense
            fallback={<Skeleton height={360} radius="md" aria-label={t('panel.chartsLoading')} />}
          >
            <BaselineCharts sections={c.sections} />
          </Suspense>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('panel.sections.title')}
            </Title>
            <SectionsTable
              label={t('panel.sections.label')}
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
          taskHref={taskHref}
        />
      ) : (
        <Alert color="gray" variant="light" role="alert" title={t('panel.unknown.title')}>
          <Text size="sm">
            <Box component="span" style={{ overflowWrap: 'anywhere' }}>
              {t('panel.unknown.body', { focus: focus ?? '' })}
            </Box>{' '}
            <Anchor component={Link} to={allHref} inherit>
              {t('panel.unknown.back')}
            </Anchor>
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

export default BaselinePanel;
