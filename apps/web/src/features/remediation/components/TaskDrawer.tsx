import type { PersonRef, TaskDetail } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Drawer,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBook, IconTargetArrow, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDate } from '#web/lib/format.ts';
import { useDeleteTask } from '../api/delete-task.ts';
import { useTask } from '../api/get-task.ts';
import type { RemediationAccess } from '../lib/access.ts';
import { DueText, PriorityBadge, TaskStatusBadge } from './Badges.tsx';
import { TaskChecklist } from './TaskChecklist.tsx';
import { TaskComments } from './TaskComments.tsx';
import { TaskDetailsForm, TaskDetailsView } from './TaskDetailsForm.tsx';
import { TaskStatusControl } from './TaskStatusControl.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

export interface TaskLinks {
  /** An assessment's screen. */
  assessmentHref: (assessmentId: string) => string;
  /** A question of an assessment, in view on its screen. */
  questionHref: (assessmentId: string, questionKey: string) => string;
  /** A playbook in the library; null: not linked (a shared user has no library). */
  playbookHref: ((playbookKey: string) => string) | null;
}

/** Where the task came from: a gap question of an assessment, and its playbook. */
function Source({ task, links }: { task: TaskDetail; links: TaskLinks }) {
  const s = task.source;
  if (!s && !task.playbook) return null;
  // A task from a gap is named after its question by default: the key says which one.
  const same = s?.questionTitle === task.title;
  return (
    <Stack gap={6}>
      {s ? (
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconTargetArrow size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          <Text size="sm" style={NAME_WRAP}>
            {rich(
              t,
              same ? 'source.gap' : 'source.gapWithKey',
              {},
              {
                question: s.assessmentId ? (
                  <Anchor
                    component={Link}
                    to={links.questionHref(s.assessmentId, s.questionKey)}
                    inherit
                  >
                    {same ? s.questionKey : s.questionTitle}
                  </Anchor>
                ) : (
                  <strong>{same ? s.questionKey : s.questionTitle}</strong>
                ),
                key: (
                  <Text span c="dimmed" inherit>
                    ({s.questionKey})
                  </Text>
                ),
                assessment: s.assessmentId ? (
                  <Anchor component={Link} to={links.assessmentHref(s.assessmentId)} inherit>
                    {s.assessmentName ?? t('source.itsAssessment')}
                  </Anchor>
                ) : (
                  <Text span c="dimmed" inherit>
                    {t('source.deletedAssessment')}
                  </Text>
                ),
              },
            )}
          </Text>
        </Group>
      ) : null}
      {task.playbook ? (
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconBook size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          <Text size="sm" style={NAME_WRAP}>
            {rich(
              t,
              'source.playbook',
              {},
              {
                playbook: links.playbookHref ? (
                  <Anchor component={Link} to={links.playbookHref(task.playbook.key)} inherit>
                    {task.playbook.title}
                  </Anchor>
                ) : (
                  <strong>{task.playbook.title}</strong>
                ),
              },
            )}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * What a task is at a glance, read-only: status, priority and due date, who created it and
 * when (and when it was done), the question and playbook it came from.
 */
export function TaskFacts({ task, links }: { task: TaskDetail; links: TaskLinks }) {
  return (
    <Stack gap={6}>
      <Group gap={6} wrap="wrap">
        <TaskStatusBadge status={task.status} />
        <PriorityBadge priority={task.priority} />
        <DueText task={task} empty={null} size="sm" />
      </Group>
      <Text size="xs" c="dimmed" style={NAME_WRAP}>
        {rich(
          t,
          task.createdBy ? 'facts.createdBy' : 'facts.created',
          { name: task.createdBy?.name ?? '' },
          { date: <time dateTime={task.createdAt}>{formatDate(task.createdAt)}</time> },
        )}
        {task.doneAt ? (
          <>
            {' · '}
            {rich(
              t,
              'facts.done',
              {},
              { date: <time dateTime={task.doneAt}>{formatDate(task.doneAt)}</time> },
            )}
          </>
        ) : null}
      </Text>
      <Source task={task} links={links} />
    </Stack>
  );
}

function DeleteTask({
  tenantId,
  task,
  onDeleted,
}: {
  tenantId: string;
  task: TaskDetail;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteTask(tenantId);
  const close = () => {
    remove.reset();
    setConfirming(false);
  };
  return (
    <>
      <Group justify="flex-end">
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          {t('delete.button')}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={close} title={t('delete.title')} centered>
        <Stack gap="md">
          <Text size="sm" style={NAME_WRAP}>
            {rich(t, 'delete.body', {}, { title: <strong>{task.title}</strong> })}
          </Text>
          {remove.isError ? (
            <Alert color="red" variant="light" role="alert">
              {remove.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('delete.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(task.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    onDeleted();
                  },
                })
              }
            >
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function TaskBody({
  tenantId,
  task,
  access,
  assignees,
  links,
  onDeleted,
}: {
  tenantId: string;
  task: TaskDetail;
  access: RemediationAccess;
  assignees: readonly PersonRef[];
  links: TaskLinks;
  onDeleted: () => void;
}) {
  return (
    <Stack gap="lg">
      <TaskFacts task={task} links={links} />
      <TaskStatusControl tenantId={tenantId} task={task} canChange={access.contribute} />
      {access.contribute ? (
        <TaskDetailsForm key={task.id} tenantId={tenantId} task={task} assignees={assignees} />
      ) : (
        <TaskDetailsView task={task} />
      )}
      <TaskChecklist tenantId={tenantId} task={task} canTick={access.contribute} />
      <Divider />
      <TaskComments tenantId={tenantId} task={task} canComment={access.contribute} />
      {access.manage ? (
        <>
          <Divider />
          <DeleteTask tenantId={tenantId} task={task} onDeleted={onDeleted} />
        </>
      ) : null}
    </Stack>
  );
}

/**
 * One task in a drawer, opened by the URL (`?task=`, so it can be linked to): its status
 * (and an accepted risk), details, source question and playbook, checklist and comments;
 * editable by members and contributors, read-only for a viewer; deletable by members.
 */
export function TaskDrawer({
  tenantId,
  taskId,
  access,
  assignees,
  links,
  onClose,
  onDeleted,
}: {
  tenantId: string;
  /** The task in the URL; null: closed. */
  taskId: string | null;
  access: RemediationAccess;
  assignees: readonly PersonRef[];
  links: TaskLinks;
  onClose: () => void;
  onDeleted: (taskId: string) => void;
}) {
  // The task stays in the drawer while it closes.
  const [shownId, setShownId] = useState(taskId);
  if (taskId !== null && taskId !== shownId) setShownId(taskId);
  const query = useTask(tenantId, shownId, taskId !== null);
  const phone = useMediaQuery('(max-width: 48em)');
  const task = query.data;

  return (
    <Drawer
      opened={taskId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={
        <Text component="span" fw={700} size="lg" lineClamp={3} style={NAME_WRAP}>
          {task?.title ?? (query.isError ? t('drawer.task') : t('drawer.loadingTitle'))}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
    >
      {query.isPending ? (
        <Stack gap="sm" aria-busy aria-label={t('drawer.loading')}>
          <Skeleton height={24} width="60%" />
          <Skeleton height={36} />
          <Skeleton height={160} />
        </Stack>
      ) : query.isError ? (
        <ErrorAlert
          title={
            query.error instanceof ApiError && query.error.status === 404
              ? t('drawer.notFound')
              : t('drawer.loadFailed')
          }
        >
          <Text size="sm">
            {query.error instanceof ApiError && query.error.status === 404
              ? t('drawer.maybeDeleted')
              : query.error.message}
          </Text>
        </ErrorAlert>
      ) : task ? (
        <TaskBody
          tenantId={tenantId}
          task={task}
          access={access}
          assignees={assignees}
          links={links}
          onDeleted={() => onDeleted(task.id)}
        />
      ) : null}
    </Drawer>
  );
}
