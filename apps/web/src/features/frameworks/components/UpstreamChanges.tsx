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
import { diffFieldLabel } from '../lib/framework-status.ts';
import { t } from '../messages.ts';

const fieldLabel = (field: UpstreamField): string =>
  field === 'name'
    ? t('upstream.field.name')
    : field === 'summary'
      ? t('upstream.field.summary')
      : field === 'source'
        ? t('upstream.field.source')
        : diffFieldLabel(field);

const changeLabel = (change: UpstreamChange['change']): string =>
  ({
    added: t('upstream.change.added'),
    removed: t('upstream.change.removed'),
    changed: t('upstream.change.changed'),
  })[change];
const CHANGE_COLORS = { added: 'green', removed: 'red', changed: 'blue' } as const;
const kindLabel = (kind: UpstreamChange['kind']): string =>
  ({
    framework: t('upstream.kind.framework'),
    section: t('upstream.kind.section'),
    question: t('upstream.kind.question'),
  })[kind];

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
      title={t('upstream.banner.title', { version: up.latestVersion })}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t('upstream.banner.body', {
            name: up.name,
            version: up.latestVersion,
            synced: up.syncedVersion,
          })}
        </Text>
        <Button size="xs" variant="light" onClick={onReview}>
          {t('upstream.banner.review')}
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
  const label = t('upstream.row.label', {
    change: change.change,
    kind: change.kind,
    title: change.title,
  });
  return (
    <Paper withBorder p="sm" component="li" aria-label={label}>
      <Stack gap={6}>
        <Group gap={6} wrap="wrap">
          <Badge color={CHANGE_COLORS[change.change]} variant="light" size="sm" tt="none">
            {changeLabel(change.change)}
          </Badge>
          <Text size="xs" c="dimmed">
            {kindLabel(change.kind)}
          </Text>
          {change.kind !== 'framework' ? <Code>{change.id}</Code> : null}
          {change.conflict ? (
            <Badge color="orange" variant="light" size="sm" tt="none">
              {change.own === 'removed'
                ? t('upstream.row.youRemoved')
                : t('upstream.row.youEdited')}
            </Badge>
          ) : null}
          {change.affectsAnswers ? (
            <Badge color="yellow" variant="light" size="sm" tt="none">
              {t('upstream.row.affectsAnswers')}
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
              {t('upstream.row.in', { path: change.path.join(' › ') })}
            </Text>
          ) : null}
        </Text>
        {change.fields.length > 0 ? (
          <Text size="xs" c="dimmed">
            {change.conflictFields.length > 0
              ? t('upstream.row.fieldsConflict', {
                  fields: change.fields.map(fieldLabel).join(', '),
                  conflicts: change.conflictFields.map(fieldLabel).join(', '),
                })
              : t('upstream.row.fields', { fields: change.fields.map(fieldLabel).join(', ') })}
          </Text>
        ) : null}
        {change.inDraft ? (
          <Text size="xs" c="dimmed">
            {t('upstream.row.inDraft')}
          </Text>
        ) : (
          <Group gap="md" wrap="wrap" align="center">
            <SegmentedControl
              size="xs"
              aria-label={t('upstream.row.takeOrSkip', { title: change.title })}
              value={choice.take ? 'take' : 'skip'}
              onChange={(v) => onChange({ ...choice, take: v === 'take' })}
              data={[
                { value: 'skip', label: t('upstream.row.skip') },
                { value: 'take', label: t('upstream.row.take') },
              ]}
            />
            {change.conflict && choice.take ? (
              <Radio.Group
                size="xs"
                aria-label={t('upstream.row.whichToKeep', { title: change.title })}
                value={choice.keep}
                onChange={(v) => onChange({ ...choice, keep: v as Choice['keep'] })}
              >
                <Group gap="sm">
                  <Radio value="mine" label={t('upstream.row.keepMine')} />
                  <Radio value="upstream" label={t('upstream.row.takeTheirs')} />
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
        {t('upstream.inStep', { version: up.syncedVersion, name: up.name })}
      </Text>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-label={t('upstream.loading')} aria-busy>
        <Skeleton height={24} width="40%" />
        <Skeleton height={72} />
        <Skeleton height={72} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorAlert title={t('upstream.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('upstream.retry')}
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
        message: t('upstream.taken', { count: chosen.length }),
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
    <Stack gap="sm" role="region" aria-label={t('upstream.label')}>
      <div>
        <Title order={3} size="h5">
          {t('upstream.title', { from: u.syncedVersion, to: u.toVersion, name: u.upstreamName })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('upstream.intro', { count: u.changes.length })}
        </Text>
      </div>
      {error ? <ErrorAlert error={error} /> : null}
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant="light" onClick={() => setAll(true)} disabled={!open.length}>
          {t('upstream.takeAll')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setAll(false)} disabled={!chosen.length}>
          {t('upstream.skipAll')}
        </Button>
        <Button size="xs" onClick={() => void apply()} loading={take.isPending} disabled={dirty}>
          {chosen.length
            ? t('upstream.apply.take', { count: chosen.length })
            : t('upstream.apply.skip', { version: u.toVersion })}
        </Button>
        {dirty ? (
          <Text size="xs" c="dimmed">
            {t('upstream.saveFirst')}
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
