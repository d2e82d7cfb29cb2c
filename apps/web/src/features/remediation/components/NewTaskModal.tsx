import { REMEDIATION_LIMITS, type PersonRef, type TaskDetail } from '@tenantry/shared';
import { Alert, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormActions } from '#web/components/FormActions.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useCreateTask } from '../api/create-task.ts';
import {
  EMPTY_NEW_TASK,
  newTaskErrors,
  toCreateBody,
  toFormErrors,
  type NewTaskValues,
} from '../lib/task-form.ts';
import { TaskFields } from './TaskFields.tsx';
import { t } from '../messages.ts';

function NewTaskForm({
  tenantId,
  assignees,
  onClose,
  onCreated,
}: {
  tenantId: string;
  assignees: readonly PersonRef[];
  onClose: () => void;
  onCreated: (task: TaskDetail) => void;
}) {
  const create = useCreateTask(tenantId);
  const form = useForm<NewTaskValues>({ initialValues: EMPTY_NEW_TASK, validate: newTaskErrors });
  const fieldErrors = create.isError && Object.keys(form.errors).length > 0;
  return (
    <form
      noValidate
      aria-label={t('new.formLabel')}
      onSubmit={form.onSubmit((v) =>
        create.mutate(toCreateBody(v), {
          onSuccess: onCreated,
          onError: (err) => applyServerErrors(form, err, toFormErrors),
        }),
      )}
    >
      <Stack gap="md">
        <TaskFields form={form} assignees={assignees} />
        <Textarea
          label={t('new.checklist')}
          description={t('new.checklist.description', { max: REMEDIATION_LIMITS.checklist })}
          autosize
          minRows={3}
          maxRows={10}
          placeholder={t('new.checklist.placeholder')}
          {...form.getInputProps('checklist')}
        />
        {create.isError && !fieldErrors ? (
          <Alert color="red" variant="light" role="alert">
            {create.error.message}
          </Alert>
        ) : null}
        <FormActions submitLabel={t('new.submit')} pending={create.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** "New task", written by hand: title, description, priority, assignee, due date, checklist. */
export function NewTaskModal({
  opened,
  onClose,
  ...rest
}: {
  tenantId: string;
  assignees: readonly PersonRef[];
  opened: boolean;
  onClose: () => void;
  onCreated: (task: TaskDetail) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('new.title')} size="lg">
      {opened ? <NewTaskForm {...rest} onClose={onClose} /> : null}
    </Modal>
  );
}
