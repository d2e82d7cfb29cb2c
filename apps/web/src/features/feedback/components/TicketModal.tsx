import { SUPPORT_CATEGORIES, type FeedbackItem } from '@tenantry/shared';
import { supportCategoryLabel } from '#web/lib/labels.ts';
import { Select, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTurnIntoTicket } from '../api/turn-into-ticket.ts';
import { TicketFormSchema, ticketDraft, type TicketFormValues } from '../lib/feedback-form.ts';
import { t } from '../messages.ts';
import { TurnIntoForm, TurnIntoModal } from './TurnIntoModal.tsx';

/** "Ticket…": opens a support ticket in the sender's name and marks the feedback handled. */
export function TicketModal({ item, onClose }: { item: FeedbackItem | null; onClose: () => void }) {
  return (
    <TurnIntoModal title={t('ticket.title')} item={item} onClose={onClose}>
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
      title={t('ticket.title')}
      form={form}
      mutation={turn}
      fieldErrors={Boolean(form.errors.subject ?? form.errors.body ?? form.errors.category)}
      errorTitle={t('ticket.failed')}
      submitLabel={t('ticket.submit')}
      doneMessage={t('ticket.done')}
      submit={(values, callbacks) => turn.mutate({ id: item.id, ticket: values }, callbacks)}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        {t('ticket.intro', {
          name: item.user?.name ?? t('ticket.intro.sender'),
          account: item.account?.name ?? t('ticket.intro.account'),
        })}
      </Text>
      <TextInput
        label={t('ticket.subject.label')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('subject')}
      />
      <Select
        label={t('ticket.category.label')}
        data={SUPPORT_CATEGORIES.map((c) => ({ value: c, label: supportCategoryLabel(c) }))}
        allowDeselect={false}
        {...form.getInputProps('category')}
      />
      <Textarea
        label={t('ticket.body.label')}
        withAsterisk
        autosize
        minRows={4}
        maxRows={12}
        {...form.getInputProps('body')}
      />
    </TurnIntoForm>
  );
}
