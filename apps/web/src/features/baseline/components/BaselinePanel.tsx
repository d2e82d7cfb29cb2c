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
    <Stack gap="md" aria-busy aria-label="Loading the baseline">
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
          title="That assessment cannot be compared with the baseline"
        >
          <Text size="sm">
            {err.message}{' '}
            <Anchor
              component={Link}
              to={focus ? `${baseHref}/${encodeURIComponent(focus)}` : baseHref}
              inherit
            >
              Compare with the latest assessment instead
            </Anchor>
          </Text>
        </Alert>
      );
    }
    if (status === 404 || status === 403) {
      return (
        <ErrorAlert title="Client tenant not found">
          <Text size="sm">
            It does not exist, or it is not part of your account.{' '}
            <Anchor component={Link} to="/tenant" inherit>
              Back to client tenants
            </Anchor>
          </Text>
        </ErrorAlert>
      );
    }
    return (
      <ErrorAlert title="The baseline could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{err.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
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
          title="Nothing to compare with yet"
        >
          <Text size="sm">
            No other assessment of {c.baseline.framework.name} has been started on this client
            tenant. Once one is under way, it is compared with the baseline here, section by
            section.{' '}
            <Anchor component={Link} to={assessmentsHref} inherit>
              Go to assessments
            </Anchor>
          </Text>
        </Alert>
      ) : view.kind === 'all' ? (
        <>
          <BaselineSummary comparison={c} />
          <Suspense
            fallback={<Skeleton height={360} radius="md" aria-label="Loading the charts" />}
          >
            <BaselineCharts sections={c.sections} />
          </Suspense>
          <Stack gap="xs">
            <Title order={2} size="h4">
              Sections
            </Title>
            <SectionsTable
              label="Sections compared with the baseline"
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
        <Alert
          color="gray"
          variant="light"
          role="alert"
          title="No such section or question in this comparison"
        >
          <Text size="sm">
            <Box component="span" style={{ overflowWrap: 'anywhere' }}>
              Nothing here is called “{focus}”.
            </Box>{' '}
            <Anchor component={Link} to={allHref} inherit>
              Back to all sections
            </Anchor>
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

export default BaselinePanel;
