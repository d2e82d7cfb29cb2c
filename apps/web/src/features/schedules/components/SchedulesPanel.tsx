import type { Schedule } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarRepeat, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { useSchedules } from '../api/list-schedules.ts';
import { useMoveSchedule } from '../api/save-schedule.ts';
import { cadenceText, dayText, STATUS_COLORS, targetText } from '../lib/schedule-view.ts';
import { ScheduleFormModal, type OwnerOption } from './ScheduleFormModal.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

const statusLabel = (status: Schedule['status']): string =>
  ({
    active: t('card.status.active'),
    paused: t('card.status.paused'),
    ended: t('card.status.ended'),
  })[status];

export interface SchedulesPanelProps {
  /** One client tenant's schedules (its own and its tags'), else the account's. */
  tenantId: string | null;
  /** Schedules by tag: for who reaches every client tenant. */
  allowTags: boolean;
  owners: OwnerOption[] | undefined;
  me: string | undefined;
  /** An assessment's screen. */
  assessmentHref: (tenantId: string, assessmentId: string) => string;
}

/** What the schedule created lately: each assessment, or that it was deleted since. */
function CreatedRuns({
  runs,
  assessmentHref,
}: {
  runs: Schedule['runs'];
  assessmentHref: SchedulesPanelProps['assessmentHref'];
}) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {t('card.created')}
      </Text>
      <List size="sm" spacing={2}>
        {runs.map((r) => (
          <List.Item key={`${r.tenant.id}-${r.period}`}>
            {rich(
              t,
              'card.createdRun',
              { tenant: r.tenant.name, date: dayText(r.period) },
              {
                assessment: r.assessment ? (
                  <Anchor component={Link} to={assessmentHref(r.tenant.id, r.assessment.id)}>
                    {r.assessment.name}
                  </Anchor>
                ) : (
                  t('card.deleted')
                ),
              },
            )}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

function ScheduleCard({
  s,
  onEdit,
  assessmentHref,
}: {
  s: Schedule;
  onEdit: () => void;
  assessmentHref: SchedulesPanelProps['assessmentHref'];
}) {
  const move = useMoveSchedule(s.id);
  const [ending, setEnding] = useState(false);
  const failed = s.runs.filter((r) => r.status === 'failed');
  const created = s.runs.filter((r) => r.status === 'created').slice(0, 5);
  const title = t('card.title', {
    framework: s.framework.name,
    cadence: cadenceText(s.cadence, s.everyMonths).toLowerCase(),
  });
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} miw={0} flex="1 1 240px">
            <Group gap="xs" wrap="nowrap">
              <Title order={3} size="h5" style={NAME_WRAP}>
                {title}
              </Title>
              <Badge color={STATUS_COLORS[s.status]} variant="light" style={{ flexShrink: 0 }}>
                {statusLabel(s.status)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" style={NAME_WRAP}>
              {t('card.summary', {
                target: targetText(s),
                owner: s.owner?.name ?? t('card.nobody'),
                days: s.leadDays,
                n: String(s.leadDays),
              })}
              {s.useNewestVersion ? ` · ${t('card.newest')}` : ''}
              {s.reinviteRespondents ? ` · ${t('card.reinvite')}` : ''}
            </Text>
          </Stack>
          {s.status !== 'ended' ? (
            <Group gap="xs" role="group" aria-label={t('card.actions')}>
              <Button size="xs" variant="default" onClick={onEdit}>
                {t('card.edit')}
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={move.isPending && move.variables !== 'end'}
                onClick={() => move.mutate(s.status === 'active' ? 'pause' : 'resume')}
              >
                {s.status === 'active' ? t('card.pause') : t('card.resume')}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setEnding(true)}>
                {t('card.end')}
              </Button>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              {t('card.ended', { date: s.endedAt ? dayText(s.endedAt.slice(0, 10)) : '' })}
            </Text>
          )}
        </Group>
        {move.isError && !ending ? (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={move.reset}>
            {move.error.message}
          </Alert>
        ) : null}
        {failed.length ? (
          <Alert color="red" variant="light" title={t('card.failed.title')}>
            <List size="sm" spacing={2}>
              {failed.map((r) => (
                <List.Item key={`${r.tenant.id}-${r.period}`}>
                  {t('card.failed.run', {
                    tenant: r.tenant.name,
                    date: dayText(r.period),
                    error: r.error ?? '',
                    attempts: r.attempts,
                    n: String(r.attempts),
                  })}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {s.status === 'active' && s.next.length ? (
          <div>
            <Text size="sm" fw={500}>
              {t('card.next')}
            </Text>
            <List size="sm" spacing={2}>
              {s.next.map((d) => (
                <List.Item key={d.dueDate}>
                  {rich(
                    t,
                    'card.nextRun',
                    {},
                    {
                      due: <time dateTime={d.dueDate}>{dayText(d.dueDate)}</time>,
                      createOn: <time dateTime={d.createOn}>{dayText(d.createOn)}</time>,
                    },
                  )}
                </List.Item>
              ))}
            </List>
          </div>
        ) : s.status === 'paused' ? (
          <Text size="sm" c="dimmed">
            {t('card.paused')}
          </Text>
        ) : null}
        {created.length ? <CreatedRuns runs={created} assessmentHref={assessmentHref} /> : null}
      </Stack>
      <Modal opened={ending} onClose={() => setEnding(false)} title={t('end.title')} centered>
        <Stack gap="md">
          <Text size="sm">{t('end.body')}</Text>
          {move.isError ? (
            <Alert color="red" variant="light" role="alert">
              {move.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(false)}>
              {t('end.cancel')}
            </Button>
            <Button
              color="red"
              loading={move.isPending}
              onClick={() => move.mutate('end', { onSuccess: () => setEnding(false) })}
            >
              {t('end.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/**
 * The schedules of recurring assessments (docs/scheduling.md): of one client tenant or of the
 * account, with their next dates, what they created and what failed; set one up, change,
 * pause, resume or end it.
 */
export function SchedulesPanel(props: SchedulesPanelProps) {
  const { tenantId } = props;
  const list = useSchedules(tenantId);
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);

  return (
    <Stack gap="sm" id="schedules">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h4">
          {t('panel.title')}
        </Title>
        <Button
          size="sm"
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
        >
          {t('panel.new')}
        </Button>
      </Group>
      {list.isPending ? (
        <Loader size="sm" aria-label={t('panel.loading')} />
      ) : list.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('panel.loadFailed', { error: list.error.message })}
        </Alert>
      ) : list.data.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconCalendarRepeat size={28} aria-hidden />
            <Text size="sm" c="dimmed">
              {t('panel.empty')}
            </Text>
          </Group>
        </Card>
      ) : (
        list.data.map((s) => (
          <ScheduleCard
            key={s.id}
            s={s}
            onEdit={() => setEditing(s)}
            assessmentHref={props.assessmentHref}
          />
        ))
      )}
      <ScheduleFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        schedule={editing === 'new' ? null : editing}
        tenantId={tenantId}
        allowTags={props.allowTags}
        owners={props.owners}
        me={props.me}
      />
    </Stack>
  );
}
