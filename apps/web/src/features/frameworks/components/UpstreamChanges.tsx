import type { FrameworkDetail, UpstreamChange, UpstreamField } from '@tenantry/shared';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Radio,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGitFork } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useFrameworkUpstream, useTakeUpstream } from '../api/framework-upstream.ts';
import { DIFF_FIELD_LABELS } from '../lib/framework-status.ts';

const FIELD_LABELS: Record<UpstreamField, string> = {
  ...DIFF_FIELD_LABELS,
  name: 'Name',
  summary: 'Summary',
  source: 'Source',
};

const CHANGE_LABELS = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;
const CHANGE_COLORS = { added: 'green', removed: 'red', changed: 'blue' } as const;
const KIND_LABELS = { framework: 'Framework details', section: 'Section', question: 'Question' };

type Choice = { take: boolean; keep: 'mine' | 'upstream' };

/** "Upstream has version N": shown above a fork's editor while a newer upstream version waits. */
export function UpstreamBanner({
  detail,
  onReview,
}: {
  detail: FrameworkDetail;
  onReview: () => void;
}) {
  const up = detail.upstream;
  if (!up || up.latestVersion <= up.syncedVersion) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconGitFork size={18} aria-hidden />}
      title={`Upstream has version ${up.latestVersion}`}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          “{up.name}” published version {up.latestVersion}; this fork is in step with version{' '}
          {up.syncedVersion}. Review the changes and take the ones you want.
        </Text>
        <Button size="xs" variant="light" onClick={onReview}>
          Review upstream changes
        </Button>
      </Stack>
    </Alert>
  );
}

function ChangeRow({
  change,
  choice,
  onChange,
}: {
  change: UpstreamChange;
  choice: Choice;
  onChange: (c: Choice) => void;
}) {
  const label = `${CHANGE_LABELS[change.change]} ${KIND_LABELS[change.kind].toLowerCase()} ${change.title}`;
  return (
    <Paper withBorder p="sm" component="li" aria-label={label}>
      <Stack gap={6}>
        <Group gap={6} wrap="wrap">
          <Badge color={CHANGE_COLORS[change.change]} variant="light" size="sm" tt="none">
            {CHANGE_LABELS[change.change]}
          </Badge>
          <Text size="xs" c="dimmed">
            {KIND_LABELS[change.kind]}
          </Text>
          {change.kind !== 'framework' ? <Code>{change.id}</Code> : null}
          {change.conflict ? (
            <Badge color="orange" variant="light" size="sm" tt="none">
              {change.own === 'removed' ? 'You removed it' : 'You edited it too'}
            </Badge>
          ) : null}
          {change.affectsAnswers ? (
            <Badge color="yellow" variant="light" size="sm" tt="none">
              Answers need review
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {change.previousTitle !== undefined ? (
            <>
              <Text span c="dimmed" size="sm" td="line-through">
                {change.previousTitle}
              </Text>{' '}
              → {change.title}
            </>
          ) : (
            change.title
          )}
          {change.path.length > 0 ? (
            <Text span c="dimmed" size="xs">
              {' '}
              in {change.path.join(' › ')}
            </Text>
          ) : null}
        </Text>
        {change.fields.length > 0 ? (
          <Text size="xs" c="dimmed">
            Changed: {change.fields.map((f) => FIELD_LABELS[f]).join(', ')}
            {change.conflictFields.length > 0
              ? ` · also changed in your fork: ${change.conflictFields.map((f) => FIELD_LABELS[f]).join(', ')}`
              : ''}
          </Text>
        ) : null}
        {change.inDraft ? (
          <Text size="xs" c="dimmed">
            Already in your draft.
          </Text>
        ) : (
          <Group gap="md" wrap="wrap" align="center">
            <SegmentedControl
              size="xs"
              aria-label={`Take or skip: ${change.title}`}
              value={choice.take ? 'take' : 'skip'}
              onChange={(v) => onChange({ ...choice, take: v === 'take' })}
              data={[
                { value: 'skip', label: 'Skip' },
                { value: 'take', label: 'Take' },
              ]}
            />
            {change.conflict && choice.take ? (
              <Radio.Group
                size="xs"
                aria-label={`Which to keep: ${change.title}`}
                value={choice.keep}
                onChange={(v) => onChange({ ...choice, keep: v as Choice['keep'] })}
              >
                <Group gap="sm">
                  <Radio value="mine" label="Keep my edit" />
                  <Radio value="upstream" label="Take the upstream’s" />
                </Group>
              </Radio.Group>
            ) : null}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A fork's upstream changes since the version its draft is in step with: per change take or
 * skip (and, where the fork has its own edit, which to keep), or take all; the chosen ones go
 * into the draft, which is then published as usual.
 */
export function UpstreamChanges({
  detail,
  revision,
  dirty,
  onTaken,
  onStale,
}: {
  detail: FrameworkDetail;
  revision: number;
  dirty: boolean;
  onTaken: (fresh: FrameworkDetail) => void;
  onStale: () => void;
}) {
  const up = detail.upstream;
  const behind = up !== null && up.latestVersion > up.syncedVersion;
  const query = useFrameworkUpstream(detail.id, behind);
  const take = useTakeUpstream(detail.id);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [error, setError] = useState<unknown>(null);

  if (!up) return null;
  if (!behind) {
    return (
      <Text size="sm" c="dimmed" role="status">
        This fork is in step with version {up.syncedVersion} of “{up.name}”, its latest.
      </Text>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-label="Loading the upstream changes" aria-busy>
        <Skeleton height={24} width="40%" />
        <Skeleton height={72} />
        <Skeleton height={72} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorAlert title="The upstream changes could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </ErrorAlert>
    );
  }
  const u = query.data;
  const open = u.changes.filter((c) => !c.inDraft);
  const choiceOf = (id: string): Choice => choices[id] ?? { take: false, keep: 'mine' };
  const chosen = open.filter((c) => choiceOf(c.id).take);
  const setAll = (takeAll: boolean) =>
    setChoices(Object.fromEntries(open.map((c) => [c.id, { ...choiceOf(c.id), take: takeAll }])));

  async function apply() {
    setError(null);
    try {
      const fresh = await take.mutateAsync({
        revision,
        toVersion: u.toVersion,
        take: chosen.map((c) => ({ id: c.id, keep: choiceOf(c.id).keep })),
      });
      setChoices({});
      onTaken(fresh);
      notifications.show({
        color: 'green',
        message: `${chosen.length} upstream ${chosen.length === 1 ? 'change' : 'changes'} taken into the draft. Publish it to make a new version.`,
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'content.stale_revision') onStale();
      if (err instanceof ApiError && err.code === 'content.upstream_version') {
        void query.refetch();
      }
      setError(err);
    }
  }

  return (
    <Stack gap="sm" role="region" aria-label="Upstream changes">
      <div>
        <Title order={3} size="h5">
          Version {u.syncedVersion} → {u.toVersion} of “{u.upstreamName}”
        </Title>
        <Text size="sm" c="dimmed">
          {u.changes.length} {u.changes.length === 1 ? 'change' : 'changes'}. What you take goes
          into the draft; what you skip is left out. Where you edited the same item, you choose
          which to keep.
        </Text>
      </div>
      {error ? <ErrorAlert error={error} /> : null}
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant="light" onClick={() => setAll(true)} disabled={!open.length}>
          Take all
        </Button>
        <Button size="xs" variant="default" onClick={() => setAll(false)} disabled={!chosen.length}>
          Skip all
        </Button>
        <Button size="xs" onClick={() => void apply()} loading={take.isPending} disabled={dirty}>
          {chosen.length
            ? `Take ${chosen.length} into the draft`
            : `Skip all and mark version ${u.toVersion} as seen`}
        </Button>
        {dirty ? (
          <Text size="xs" c="dimmed">
            Save your draft first.
          </Text>
        ) : null}
      </Group>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {u.changes.map((c) => (
          <ChangeRow
            key={c.id}
            change={c}
            choice={choiceOf(c.id)}
            onChange={(next) => setChoices((all) => ({ ...all, [c.id]: next }))}
          />
        ))}
      </Stack>
    </Stack>
  );
}
