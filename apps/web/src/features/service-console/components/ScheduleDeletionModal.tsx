import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_EXPORT_LIMITS,
  ScheduleDeletionInputSchema,
} from '@tenantry/shared';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { formatDate } from '#web/lib/format.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useScheduleAccountDeletion } from '../api/schedule-account-deletion.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** "Schedule deletion…": why, and the day the account will be deleted. */
export function ScheduleDeletionModal({
  accountId,
  deleteAfter,
  opened,
  onClose,
}: {
  accountId: string;
  /** When a deletion scheduled now would happen (the server says). */
  deleteAfter: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('deletion.schedule.title')} centered>
      {opened ? (
        <ScheduleDeletionForm accountId={accountId} deleteAfter={deleteAfter} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ScheduleDeletionForm({
  accountId,
  deleteAfter,
  onClose,
}: {
  accountId: string;
  deleteAfter: string;
  onClose: () => void;
}) {
  const schedule = useScheduleAccountDeletion(accountId);
  const form = useForm<{ reason: string }>({
    initialValues: { reason: '' },
    validate: schemaResolver(ScheduleDeletionInputSchema, { sync: true }),
  });
  const fieldErrors = Object.keys(form.errors).length > 0;
  const day = formatDate(deleteAfter);
  return (
    <form
      noValidate
      aria-label={t('deletion.schedule.title')}
      onSubmit={form.onSubmit((values) => {
        const { reason } = ScheduleDeletionInputSchema.parse(values);
        schedule.mutate(reason, {
          onSuccess: (d) => {
            notifications.show({
              color: 'orange',
              message: t('deletion.schedule.done', {
                date: formatDate(d.scheduled?.deleteAfter ?? deleteAfter),
              }),
            });
            onClose();
          },
          onError: (err) => applyServerErrors(form, err),
        });
      })}
    >
      <Stack gap="sm">
        <Text size="sm">
          {rich(
            t,
            'deletion.schedule.intro',
            { days: ACCOUNT_DELETION_GRACE_DAYS },
            { day: <strong>{day}</strong> },
          )}
        </Text>
        <Textarea
          label={t('deletion.schedule.reason.label')}
          description={t('deletion.schedule.reason.description')}
          autosize
          minRows={2}
          maxLength={ACCOUNT_EXPORT_LIMITS.reason}
          withAsterisk
          data-autofocus
          {...form.getInputProps('reason')}
        />
        {schedule.isError && !fieldErrors ? (
          <ErrorAlert title={t('deletion.schedule.failed')}>{schedule.error.message}</ErrorAlert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('deletion.schedule.cancel')}
          </Button>
          <Button type="submit" color="red" loading={schedule.isPending}>
            {t('deletion.schedule.submit', { day })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
