import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, type FeedbackItem } from '@tenantry/shared';
import { Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useTurnIntoTicket } from '../api/turn-into-ticket.ts';
import { TicketFormSchema, ticketDraft, type TicketFormValues } from '../lib/feedback-form.ts';

/** "Ticket…": opens a support ticket in the sender's name and marks the feedback handled. */
export function TicketModal({ item, onClose }: { item: FeedbackItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Turn into a support ticket" centered>
      {item ? <TicketForm item={item} onClose={onClose} /> : null}
    </Modal>
  );
}

function TicketForm({ item, onClose }: { item: FeedbackItem; onClose: () => void }) {
  const turn = useTurnIntoTicket();
  const form = useForm<TicketFormValues>({
    initialValues: ticketDraft(item),
    validate: schemaResolver(TicketFormSchema, { sync: true }),
  });
  const fieldErrors = Boolean(form.errors.subject ?? form.errors.body ?? form.errors.category);
  return (
    <form
      noValidate
      aria-label="Turn into a support ticket"
      onSubmit={form.onSubmit((values) =>
        turn.mutate(
          { id: item.id, ticket: values },
          {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                message: 'The ticket is open in the sender’s name and the feedback is handled.',
              });
              onClose();
            },
            onError: (err) => applyServerErrors(form, err),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The ticket opens in {item.user?.name ?? 'the sender'}’s name, on{' '}
          {item.account?.name ?? 'their account'}. They see it under Support and get your replies.
        </Text>
        <TextInput label="Subject" withAsterisk data-autofocus {...form.getInputProps('subject')} />
        <Select
          label="Category"
          data={SUPPORT_CATEGORIES.map((c) => ({ value: c, label: SUPPORT_CATEGORY_LABELS[c] }))}
          allowDeselect={false}
          {...form.getInputProps('category')}
        />
        <Textarea
          label="First message"
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('body')}
        />
        {turn.isError && !fieldErrors ? (
          <ErrorAlert title="No ticket was opened" error={turn.error} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={turn.isPending}>
            Open ticket
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
