import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS, type FeedbackItem } from '@tenantry/shared';
import { Select, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTurnIntoTicket } from '../api/turn-into-ticket.ts';
import { TicketFormSchema, ticketDraft, type TicketFormValues } from '../lib/feedback-form.ts';
import { TurnIntoForm, TurnIntoModal } from './TurnIntoModal.tsx';

const TITLE = 'Turn into a support ticket';

/** "Ticket…": opens a support ticket in the sender's name and marks the feedback handled. */
export function TicketModal({ item, onClose }: { item: FeedbackItem | null; onClose: () => void }) {
  return (
    <TurnIntoModal title={TITLE} item={item} onClose={onClose}>
      {(it) => <TicketForm item={it} onClose={onClose} />}
    </TurnIntoModal>
  );
}

function TicketForm({ item, onClose }: { item: FeedbackItem; onClose: () => void }) {
  const turn = useTurnIntoTicket();
  const form = useForm<TicketFormValues>({
    initialValues: ticketDraft(item),
    validate: schemaResolver(TicketFormSchema, { sync: true }),
  });
  return (
    <TurnIntoForm
      title={TITLE}
      form={form}
      mutation={turn}
      fieldErrors={Boolean(form.errors.subject ?? form.errors.body ?? form.errors.category)}
      errorTitle="No ticket was opened"
      submitLabel="Open ticket"
      doneMessage="The ticket is open in the sender’s name and the feedback is handled."
      submit={(values, callbacks) => turn.mutate({ id: item.id, ticket: values }, callbacks)}
      onClose={onClose}
    >
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
    </TurnIntoForm>
  );
}
