import { REMINDER_LIMITS } from '@tenantry/shared';
import { Checkbox, Group, NumberInput, Stack, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReminderFormValues } from '../lib/reminder-view.ts';

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
        label="Send reminders"
        description="The link e-mail always goes; these are the e-mails after it. A respondent gets at most one a day."
        disabled={disabled}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Checkbox
          mt={8}
          aria-label="Remind before the due date"
          disabled={off}
          {...form.getInputProps('before', { type: 'checkbox' })}
        />
        <NumberInput
          label="Days before the due date for a reminder"
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
          aria-label="Nudge after days without an answer"
          disabled={off}
          {...form.getInputProps('nudge', { type: 'checkbox' })}
        />
        <NumberInput
          label="Days without an answer for a nudge"
          description="Counted from their last e-mail or answer"
          min={REMINDER_LIMITS.nudgeAfterDaysMin}
          max={REMINDER_LIMITS.nudgeAfterDaysMax}
          allowDecimal={false}
          w={280}
          disabled={off || !v.nudge}
          {...form.getInputProps('nudgeAfterDays')}
        />
      </Group>
      <Checkbox
        label="A last call on the due date"
        disabled={off}
        {...form.getInputProps('lastCall', { type: 'checkbox' })}
      />
      <Checkbox
        label="Send the assessment’s owner who has not answered (on the reminder day and the due date)"
        disabled={off}
        {...form.getInputProps('ownerSummary', { type: 'checkbox' })}
      />
    </Stack>
  );
}
