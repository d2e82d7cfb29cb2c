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
  const title = `${s.framework.name}: ${cadenceText(s.cadence, s.everyMonths).toLowerCase()}`;
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
                {s.status}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" style={NAME_WRAP}>
              {targetText(s)} · owner {s.owner?.name ?? 'nobody'} · created {s.leadDays}{' '}
              {s.leadDays === 1 ? 'day' : 'days'} before the due date
              {s.useNewestVersion ? ' · newest version' : ''}
              {s.reinviteRespondents ? ' · respondents invited again' : ''}
            </Text>
          </Stack>
          {s.status !== 'ended' ? (
            <Group gap="xs" role="group" aria-label="Schedule actions">
              <Button size="xs" variant="default" onClick={onEdit}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={move.isPending && move.variables !== 'end'}
                onClick={() => move.mutate(s.status === 'active' ? 'pause' : 'resume')}
              >
                {s.status === 'active' ? 'Pause' : 'Resume'}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setEnding(true)}>
                End
              </Button>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              Ended {s.endedAt ? dayText(s.endedAt.slice(0, 10)) : ''}; kept as history.
            </Text>
          )}
        </Group>
        {move.isError && !ending ? (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={move.reset}>
            {move.error.message}
          </Alert>
        ) : null}
        {failed.length ? (
          <Alert color="red" variant="light" title="Runs that failed (tried again every hour)">
            <List size="sm" spacing={2}>
              {failed.map((r) => (
                <List.Item key={`${r.tenant.id}-${r.period}`}>
                  {r.tenant.name}, due {dayText(r.period)}: {r.error} ({r.attempts}{' '}
                  {r.attempts === 1 ? 'attempt' : 'attempts'})
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {s.status === 'active' && s.next.length ? (
          <div>
            <Text size="sm" fw={500}>
              Next assessments
            </Text>
            <List size="sm" spacing={2}>
              {s.next.map((d) => (
                <List.Item key={d.dueDate}>
                  Due <time dateTime={d.dueDate}>{dayText(d.dueDate)}</time>, created{' '}
                  <time dateTime={d.createOn}>{dayText(d.createOn)}</time>
                </List.Item>
              ))}
            </List>
          </div>
        ) : s.status === 'paused' ? (
          <Text size="sm" c="dimmed">
            Paused: nothing is created until it is resumed.
          </Text>
        ) : null}
        {created.length ? (
          <div>
            <Text size="sm" fw={500}>
              Created
            </Text>
            <List size="sm" spacing={2}>
              {created.map((r) => (
                <List.Item key={`${r.tenant.id}-${r.period}`}>
                  {r.assessment ? (
                    <Anchor component={Link} to={assessmentHref(r.tenant.id, r.assessment.id)}>
                      {r.assessment.name}
                    </Anchor>
                  ) : (
                    'An assessment deleted since'
                  )}{' '}
                  for {r.tenant.name}, due {dayText(r.period)}
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
      </Stack>
      <Modal opened={ending} onClose={() => setEnding(false)} title="End this schedule?" centered>
        <Stack gap="md">
          <Text size="sm">
            It creates no more assessments and cannot be changed or resumed; it stays here as
            history. The assessments it created are kept.
          </Text>
          {move.isError ? (
            <Alert color="red" variant="light" role="alert">
              {move.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEnding(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={move.isPending}
              onClick={() => move.mutate('end', { onSuccess: () => setEnding(false) })}
            >
              End schedule
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
          Schedules
        </Title>
        <Button
          size="sm"
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
        >
          New schedule
        </Button>
      </Group>
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading the schedules" />
      ) : list.isError ? (
        <Alert color="red" variant="light" role="alert">
          The schedules could not be loaded: {list.error.message}
        </Alert>
      ) : list.data.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconCalendarRepeat size={28} aria-hidden />
            <Text size="sm" c="dimmed">
              No schedules yet. A schedule starts the next assessment by itself — monthly,
              quarterly, yearly — a few days before each due date, from the last completed one with
              its answers carried to confirm, and invites its respondents again.
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
