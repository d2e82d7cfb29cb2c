import { CreateWebhookSchema, WEBHOOK_LIMITS, type Webhook } from '@tenantry/shared';
import { Checkbox, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { FormActions } from '#web/components/FormActions.tsx';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import {
  EVENT_OPTIONS,
  formErrorsOf,
  initialValues,
  toCreate,
  toUpdate,
  type WebhookFormValues,
} from '../lib/webhook-form.ts';
import { t } from '../messages.ts';

function WebhookForm({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = webhook ? update : create;
  const form = useForm<WebhookFormValues>({
    initialValues: initialValues(webhook),
    validate: schemaResolver(CreateWebhookSchema, { sync: true }),
  });
  const onError = (err: unknown) => {
    const errors = formErrorsOf(err);
    if (errors) form.setErrors(errors);
  };
  const submit = (values: WebhookFormValues) => {
    if (!webhook) {
      create.mutate(toCreate(values), { onSuccess: onClose, onError });
      return;
    }
    const patch = toUpdate(values, webhook);
    if (!patch) return onClose();
    update.mutate({ id: webhook.id, patch }, { onSuccess: onClose, onError });
  };
  const general = saving.isError && formErrorsOf(saving.error) === null;
  return (
    <form
      noValidate
      aria-label={webhook ? t('form.labelEdit') : t('form.labelAdd')}
      onSubmit={form.onSubmit(submit)}
    >
      <Stack gap="md">
        <TextInput
          label="URL"
          description={t('form.url.description')}
          // i18n-ignore: an example address
          placeholder="https://example.com/webhooks/tenantry"
          type="url"
          inputMode="url"
          autoComplete="off"
          withAsterisk
          maxLength={WEBHOOK_LIMITS.url}
          data-autofocus
          {...form.getInputProps('url')}
        />
        <Textarea
          label={t('form.description.label')}
          description={t('form.description.description')}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={WEBHOOK_LIMITS.description}
          {...form.getInputProps('description')}
        />
        <Checkbox.Group
          label={t('form.events.label')}
          description={t('form.events.description')}
          withAsterisk
          {...form.getInputProps('events')}
        >
          <Stack gap="sm" mt="xs">
            {EVENT_OPTIONS.map((option) => (
              <Checkbox
                key={option.value}
                value={option.value}
                label={option.label}
                description={option.description}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {general ? (
          <ErrorAlert
            title={webhook ? t('form.saveFailed') : t('form.addFailed')}
            error={saving.error}
          />
        ) : null}
        <FormActions
          submitLabel={webhook ? t('form.save') : t('form.add')}
          pending={saving.isPending}
          onCancel={onClose}
          gap="xs"
        />
      </Stack>
    </form>
  );
}

/** "Add endpoint" (webhook null) or "Edit endpoint": URL, description and events. */
export function WebhookFormModal({
  opened,
  webhook,
  onClose,
}: {
  opened: boolean;
  webhook: Webhook | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={webhook ? t('form.titleEdit') : t('form.titleAdd')}
      size="lg"
    >
      {opened ? <WebhookForm webhook={webhook} onClose={onClose} /> : null}
    </Modal>
  );
}
