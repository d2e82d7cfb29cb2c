import type { AssessmentReminderSettings } from '@tenantry/shared';
import { Button, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import {
  useAssessmentReminderSettings,
  useUpdateAssessmentReminderSettings,
} from '../api/reminder-settings.ts';
import {
  describeSettings,
  reminderFormErrors,
  toFormValues,
  toSettings,
  type ReminderFormValues,
} from '../lib/reminder-view.ts';
import { ReminderSettingsFields } from './ReminderSettingsFields.tsx';

function ReminderSettingsForm({
  tenantId,
  assessmentId,
  current,
  onDone,
}: {
  tenantId: string;
  assessmentId: string;
  current: AssessmentReminderSettings;
  onDone: () => void;
}) {
  const save = useUpdateAssessmentReminderSettings(tenantId, assessmentId);
  const custom = Object.keys(current.overrides).length > 0;
  const [mode, setMode] = useState<'account' | 'custom'>(custom ? 'custom' : 'account');
  const form = useForm<ReminderFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(current.effective),
    validate: reminderFormErrors,
  });
  const submit = (values: ReminderFormValues) =>
    save.mutate(
      {
        overrides: mode === 'custom' ? toSettings(values) : {},
        version: current.version,
      },
      { onSuccess: onDone, onError: (err) => applyServerErrors(form, err) },
    );
  return (
    <form
      noValidate
      aria-label="Reminders of this assessment"
      onSubmit={
        mode === 'custom'
          ? form.onSubmit(submit)
          : (e) => {
              e.preventDefault();
              submit(form.getValues());
            }
      }
    >
      <Stack gap="md">
        <Radio.Group
          value={mode}
          onChange={(v) => setMode(v === 'custom' ? 'custom' : 'account')}
          label="Reminders of this assessment"
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="account"
              label="The account’s defaults"
              description={describeSettings(current.account)}
            />
            <Radio value="custom" label="Its own" />
          </Stack>
        </Radio.Group>
        {mode === 'custom' ? <ReminderSettingsFields form={form} /> : null}
        {save.isError && !(save.error instanceof ApiError && save.error.status === 400) ? (
          <ErrorAlert error={save.error} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save reminders
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The respondents panel's line on reminders: what applies, and changing it. */
export function AssessmentReminders({
  tenantId,
  assessmentId,
  dueDate,
}: {
  tenantId: string;
  assessmentId: string;
  dueDate: string | null;
}) {
  const query = useAssessmentReminderSettings(tenantId, assessmentId);
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <Skeleton height={36} aria-label="Loading the reminders" />;
  if (query.isError) {
    return (
      <ErrorAlert title="The reminder settings could not be loaded">
        {query.error.message}
      </ErrorAlert>
    );
  }
  const s = query.data;
  const custom = Object.keys(s.overrides).length > 0;
  const needsDue =
    s.effective.enabled && !dueDate && (s.effective.beforeDueDays !== null || s.effective.lastCall);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" aria-label="Reminders" role="group">
      <IconBellRinging size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm">
          <strong>Reminders:</strong> {describeSettings(s.effective)}
          {custom ? ' (this assessment’s own)' : ' (the account’s defaults)'}.
        </Text>
        {needsDue ? (
          <Text size="xs" c="dimmed">
            Set a due date for the reminder before it and the last call.
          </Text>
        ) : null}
      </Stack>
      <Button size="compact-sm" variant="light" onClick={() => setEditing(true)}>
        Change
      </Button>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title="Reminders"
        centered
        size="lg"
      >
        {editing ? (
          <ReminderSettingsForm
            tenantId={tenantId}
            assessmentId={assessmentId}
            current={s}
            onDone={() => setEditing(false)}
          />
        ) : null}
      </Modal>
    </Group>
  );
}
