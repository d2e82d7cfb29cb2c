import { REMINDER_LIMITS } from '@tenantry/shared';
import { Checkbox, Group, NumberInput, Stack, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReminderFormValues } from '../lib/reminder-view.ts';
import { t } from '../messages.ts';

/** The reminder settings' fields (the account's defaults and an assessment's own). */
export function ReminderSettingsFields({
  form,
  disabled = false,
}: {
  form: UseFormReturnType<ReminderFormValues>;
  disabled?: boolean;
}) {
  const v = form.getValues();
  const off = disabled || !v.enabled;
  return (
    <Stack gap="sm">
      <Switch
        label={t('reminders.fields.enabled')}
        description={t('reminders.fields.enabled.hint')}
        disabled={disabled}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Checkbox
          mt={8}
          aria-label={t('reminders.fields.before')}
          disabled={off}
          {...form.getInputProps('before', { type: 'checkbox' })}
        />
        <NumberInput
          label={t('reminders.fields.beforeDays')}
          min={REMINDER_LIMITS.beforeDueDaysMin}
          max={REMINDER_LIMITS.beforeDueDaysMax}
          allowDecimal={false}
          w={280}
          disabled={off || !v.before}
          {...form.getInputProps('beforeDueDays')}
        />
      </Group>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Checkbox
          mt={8}
          aria-label={t('reminders.fields.nudge')}
          disabled={off}
          {...form.getInputProps('nudge', { type: 'checkbox' })}
        />
        <NumberInput
          label={t('reminders.fields.nudgeDays')}
          description={t('reminders.fields.nudgeDays.hint')}
          min={REMINDER_LIMITS.nudgeAfterDaysMin}
          max={REMINDER_LIMITS.nudgeAfterDaysMax}
          allowDecimal={false}
          w={280}
          disabled={off || !v.nudge}
          {...form.getInputProps('nudgeAfterDays')}
        />
      </Group>
      <Checkbox
        label={t('reminders.fields.lastCall')}
        disabled={off}
        {...form.getInputProps('lastCall', { type: 'checkbox' })}
      />
      <Checkbox
        label={t('reminders.fields.ownerSummary')}
        disabled={off}
        {...form.getInputProps('ownerSummary', { type: 'checkbox' })}
      />
    </Stack>
  );
}
