import { type PersonRef, type TaskDetail } from '@tenantry/shared';
import { taskPriorityLabel } from '#web/lib/labels.ts';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { NameText } from '#web/components/NameText.tsx';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useUpdateTask } from '../api/update-task.ts';
import { detailsErrors, detailsOf, toUpdateBody, type DetailsValues } from '../lib/task-form.ts';
import { DueText } from './Badges.tsx';
import { TaskFields } from './TaskFields.tsx';
import { t } from '../messages.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/** A viewer's details: the description (markdown), priority, assignee and due date. */
export function TaskDetailsView({ task }: { task: TaskDetail }) {
  return (
    <Stack gap="sm">
      {task.description ? (
        <Markdown size="sm" style={{ overflowWrap: 'anywhere' }}>
          {task.description}
        </Markdown>
      ) : (
        <Text size="sm" c="dimmed">
          {t('details.noDescription')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Field label={t('details.priority')}>
          <Text size="sm">{taskPriorityLabel(task.priority)}</Text>
        </Field>
        <Field label={t('details.assignee')}>
          {task.assignee ? (
            <NameText name={task.assignee.name} size="sm" />
          ) : (
            <Text size="sm" c="dimmed">
              {t('details.unassigned')}
            </Text>
          )}
        </Field>
        <Field label={t('details.dueDate')}>
          <DueText task={task} size="sm" />
        </Field>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The details for who may change them: title, description, priority, assignee, due date.
 * Only what changed is sent; what is typed stays while the task changes elsewhere (a tick).
 */
export function TaskDetailsForm({
  tenantId,
  task,
  assignees,
}: {
  tenantId: string;
  task: TaskDetail;
  assignees: readonly PersonRef[];
}) {
  const update = useUpdateTask(tenantId);
  const form = useForm<DetailsValues>({
    initialValues: detailsOf(task),
    validate: (v) => detailsErrors(task, v),
  });
  const changed = Object.keys(toUpdateBody(task, form.values)).length > 0;
  const fieldErrors = update.isError && Object.keys(form.errors).length > 0;

  return (
    <form
      noValidate
      aria-label={t('details.formLabel')}
      onSubmit={form.onSubmit((v) => {
        const body = toUpdateBody(task, v);
        if (Object.keys(body).length === 0) return;
        update.mutate(
          { taskId: task.id, patch: body },
          {
            onSuccess: (saved) => form.setValues(detailsOf(saved)),
            onError: (err) => applyServerErrors(form, err),
          },
        );
      })}
    >
      <Stack gap="sm">
        <TaskFields form={form} assignees={assignees} current={task.assignee} />
        {update.isError && !fieldErrors ? (
          <Alert color="red" variant="light" role="alert">
            {update.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {changed ? (
            <Button
              variant="default"
              onClick={() => {
                update.reset();
                form.setValues(detailsOf(task));
                form.clearErrors();
              }}
            >
              {t('details.undo')}
            </Button>
          ) : null}
          <Button type="submit" disabled={!changed} loading={update.isPending}>
            {t('details.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
