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
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

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
      aria-label={t('reminders.form.label')}
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
          label={t('reminders.form.label')}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="account"
              label={t('reminders.form.account')}
              description={describeSettings(current.account)}
            />
            <Radio value="custom" label={t('reminders.form.custom')} />
          </Stack>
        </Radio.Group>
        {mode === 'custom' ? <ReminderSettingsFields form={form} /> : null}
        {save.isError && !(save.error instanceof ApiError && save.error.status === 400) ? (
          <ErrorAlert error={save.error} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('reminders.form.submit')}
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
  if (query.isPending) return <Skeleton height={36} aria-label={t('reminders.loading')} />;
  if (query.isError) {
    return <ErrorAlert title={t('reminders.loadFailed')}>{query.error.message}</ErrorAlert>;
  }
  const s = query.data;
  const custom = Object.keys(s.overrides).length > 0;
  const needsDue =
    s.effective.enabled && !dueDate && (s.effective.beforeDueDays !== null || s.effective.lastCall);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" aria-label={t('reminders.label')} role="group">
      <IconBellRinging size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm">
          {rich(
            t,
            custom ? 'reminders.line.custom' : 'reminders.line.account',
            { settings: describeSettings(s.effective) },
            { label: <strong>{t('reminders.line.label')}</strong> },
          )}
        </Text>
        {needsDue ? (
          <Text size="xs" c="dimmed">
            {t('reminders.needsDue')}
          </Text>
        ) : null}
      </Stack>
      <Button size="compact-sm" variant="light" onClick={() => setEditing(true)}>
        {t('reminders.change')}
      </Button>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('reminders.title')}
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
