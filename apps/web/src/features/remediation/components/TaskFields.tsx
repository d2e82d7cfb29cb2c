import { REMEDIATION_LIMITS, TASK_PRIORITIES, type PersonRef } from '@tenantry/shared';
import { taskPriorityLabel } from '#web/lib/labels.ts';
import { Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { DetailsValues } from '../lib/task-form.ts';
import { t } from '../messages.ts';

/** The members a task can be assigned to, with the current assignee kept if no longer one. */
export function assigneeChoices(assignees: readonly PersonRef[], current: PersonRef | null) {
  const people = [...assignees];
  if (current && !people.some((p) => p.id === current.id)) people.unshift(current);
  return people.map((p) => ({ value: p.id, label: p.name }));
}

/** Title, description, priority, assignee and due date: "New task" and the drawer's details. */
export function TaskFields<V extends DetailsValues>({
  form,
  assignees,
  current = null,
}: {
  form: UseFormReturnType<V>;
  assignees: readonly PersonRef[];
  /** The task's assignee now (kept as a choice). */
  current?: PersonRef | null;
}) {
  const f = form as unknown as UseFormReturnType<DetailsValues>;
  return (
    <>
      <TextInput
        label={t('fields.title')}
        withAsterisk
        maxLength={REMEDIATION_LIMITS.title}
        {...f.getInputProps('title')}
      />
      <Textarea
        label={t('fields.description')}
        description={t('fields.description.hint')}
        autosize
        minRows={3}
        maxRows={12}
        maxLength={REMEDIATION_LIMITS.description}
        {...f.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select
          label={t('fields.priority')}
          data={TASK_PRIORITIES.map((p) => ({ value: p, label: taskPriorityLabel(p) }))}
          allowDeselect={false}
          {...f.getInputProps('priority')}
        />
        <Select
          label={t('fields.assignee')}
          placeholder={t('fields.assignee.placeholder')}
          data={assigneeChoices(assignees, current)}
          clearable
          searchable
          {...f.getInputProps('assigneeId')}
          value={f.values.assigneeId || null}
          onChange={(v) => f.setFieldValue('assigneeId', v ?? '')}
        />
        <TextInput label={t('fields.dueDate')} type="date" {...f.getInputProps('dueDate')} />
      </SimpleGrid>
    </>
  );
}
