import {
  CreateSupportTicketSchema,
  SUPPORT_CATEGORIES,
  SUPPORT_LIMITS,
  SUPPORT_PRIORITIES,
  type SupportCategory,
  type SupportPriority,
  type SupportTicketDetail,
} from '@tenantry/shared';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { MarkdownEditor } from '#web/components/markdown/MarkdownEditor.tsx';
import { appVersionLabel } from '#web/lib/app-version.ts';
import { supportCategoryLabel, supportPriorityLabel } from '#web/lib/labels.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { t } from '../messages.ts';
import { HelpSuggestions } from './HelpSuggestions.tsx';
import { ScreenshotInput, type Uploaded } from './ScreenshotInput.tsx';

interface Values {
  subject: string;
  category: SupportCategory;
  priority: SupportPriority;
  body: string;
}

const options = <K extends string>(keys: readonly K[], label: (key: K) => string) =>
  keys.map((value) => ({ value, label: label(value) }));

/**
 * A new ticket: subject, category, priority, the message (markdown) and screenshots; the page
 * it was raised from and the app's version go with it. Matching help articles show as the
 * subject is typed.
 */
export function NewTicketForm({
  pagePath,
  onCreated,
  onCancel,
}: {
  /** The page the person came from (sent as `pagePath`). */
  pagePath: string | null;
  onCreated: (ticket: SupportTicketDetail) => void;
  onCancel: () => void;
}) {
  const create = useCreateTicket();
  const [shots, setShots] = useState<Uploaded[]>([]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { subject: '', category: 'question', priority: 'normal', body: '' },
    validate: schemaResolver(CreateSupportTicketSchema.pick({ subject: true, body: true }), {
      sync: true,
    }),
  });

  const submit = form.onSubmit((values) => {
    create.mutate(
      {
        ...values,
        attachmentIds: shots.map((s) => s.id),
        pagePath: pagePath?.slice(0, SUPPORT_LIMITS.pagePath) || undefined,
        appVersion: appVersionLabel().slice(0, SUPPORT_LIMITS.appVersion),
      },
      {
        onSuccess: onCreated,
        onError: (err) => applyServerErrors(form, err),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('new.form')}>
      <Stack gap="md">
        <TextInput
          label={t('new.subject.label')}
          required
          maxLength={SUPPORT_LIMITS.subject}
          {...form.getInputProps('subject')}
        />
        <HelpSuggestions text={form.values.subject} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('new.category.label')}
            data={options(SUPPORT_CATEGORIES, supportCategoryLabel)}
            allowDeselect={false}
            {...form.getInputProps('category')}
          />
          <Select
            label={t('new.priority.label')}
            data={options(SUPPORT_PRIORITIES, supportPriorityLabel)}
            allowDeselect={false}
            {...form.getInputProps('priority')}
          />
        </SimpleGrid>
        <MarkdownEditor
          label={t('new.message.label')}
          required
          minHeight={200}
          previewSize="sm"
          value={form.values.body}
          onChange={(v) => form.setFieldValue('body', v)}
          error={form.errors.body}
        />
        <ScreenshotInput value={shots} onChange={setShots} />
        <Text size="xs" c="dimmed">
          {pagePath
            ? t('new.sentWith.page', { page: pagePath, version: appVersionLabel() })
            : t('new.sentWith', { version: appVersionLabel() })}
        </Text>
        {create.isError ? <ErrorAlert error={create.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('new.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('new.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
