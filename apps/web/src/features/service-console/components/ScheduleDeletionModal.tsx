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
    <Modal opened={opened} onClose={onClose} title="Schedule the account’s deletion" centered>
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
      aria-label="Schedule the account’s deletion"
      onSubmit={form.onSubmit((values) => {
        const { reason } = ScheduleDeletionInputSchema.parse(values);
        schedule.mutate(reason, {
          onSuccess: (d) => {
            notifications.show({
              color: 'orange',
              message: `The account will be deleted on ${formatDate(d.scheduled?.deleteAfter ?? deleteAfter)}.`,
            });
            onClose();
          },
          onError: (err) => applyServerErrors(form, err),
        });
      })}
    >
      <Stack gap="sm">
        <Text size="sm">
          The account and everything in it — client tenants, assessments, reports, members — will be
          deleted on <strong>{day}</strong>, {ACCOUNT_DELETION_GRACE_DAYS} days from now. Until then
          it is suspended (its people can sign in and read, never write) and the deletion can be
          canceled. Its owners are e-mailed now.
        </Text>
        <Textarea
          label="Reason"
          description="Shown in the account’s audit log and in the e-mail to its owners."
          autosize
          minRows={2}
          maxLength={ACCOUNT_EXPORT_LIMITS.reason}
          withAsterisk
          data-autofocus
          {...form.getInputProps('reason')}
        />
        {schedule.isError && !fieldErrors ? (
          <ErrorAlert title="The deletion was not scheduled">{schedule.error.message}</ErrorAlert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep the account
          </Button>
          <Button type="submit" color="red" loading={schedule.isPending}>
            Delete on {day}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
