import { DEFAULT_REMINDER_SETTINGS, type Account } from '@tenantry/shared';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import {
  useAccountReminderSettings,
  useUpdateAccountReminderSettings,
} from '../api/reminder-settings.ts';
import {
  reminderFormErrors,
  toFormValues,
  toSettings,
  type ReminderFormValues,
} from '../lib/reminder-view.ts';
import { ReminderSettingsFields } from './ReminderSettingsFields.tsx';
import { t } from '../messages.ts';

/**
 * admin/general, "Reminders": the account's defaults for reminding respondents and owners;
 * every assessment follows them unless its respondents panel sets its own.
 */
export function AccountReminderSettings({ account }: { account: Account }) {
  const canEdit = account.permissions.includes('account.update');
  const query = useAccountReminderSettings();
  const save = useUpdateAccountReminderSettings();
  const [saved, setSaved] = useState(false);
  const form = useForm<ReminderFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(DEFAULT_REMINDER_SETTINGS),
    validate: reminderFormErrors,
  });
  const version = query.data?.version;
  useEffect(() => {
    if (!query.data) return;
    // What was read is the form's new starting point ("Saved." shows until it is changed).
    const values = toFormValues(query.data.settings);
    form.setInitialValues(values);
    form.setValues(values);
    // Reset when another version is read (after a save or a conflict), not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  return (
    <Stack gap="sm" component="section" aria-labelledby="account-reminders-heading">
      <Title order={2} size="h3" id="account-reminders-heading">
        {t('reminders.account.title')}
      </Title>
      <Text size="sm" c="dimmed" maw={640}>
        {t('reminders.account.intro')}
      </Text>
      {query.isPending ? (
        <Skeleton height={180} maw={560} aria-label={t('reminders.account.loading')} />
      ) : query.isError ? (
        <ErrorAlert title={t('reminders.loadFailed')}>{query.error.message}</ErrorAlert>
      ) : (
        <form
          noValidate
          aria-label={t('reminders.account.formLabel')}
          onSubmit={form.onSubmit((values) => {
            setSaved(false);
            save.mutate(
              { ...toSettings(values), version: query.data.version },
              {
                onSuccess: () => setSaved(true),
                onError: (err) => {
                  applyServerErrors(form, err);
                  if (err instanceof ApiError && err.status === 409) void query.refetch();
                },
              },
            );
          })}
        >
          <Stack gap="md" maw={560}>
            <ReminderSettingsFields form={form} disabled={!canEdit} />
            {save.isError && !(save.error instanceof ApiError && save.error.status === 400) ? (
              <ErrorAlert error={save.error} />
            ) : null}
            {canEdit ? (
              <Group gap="sm">
                <Button type="submit" loading={save.isPending}>
                  {t('reminders.form.submit')}
                </Button>
                {saved && !form.isDirty() ? (
                  <Text size="sm" c="teal" role="status">
                    {t('reminders.account.saved')}
                  </Text>
                ) : null}
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('reminders.account.readOnly')}
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Stack>
  );
}
