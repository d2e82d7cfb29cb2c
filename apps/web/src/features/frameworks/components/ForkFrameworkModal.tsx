import { ForkFrameworkSchema, type ForkFramework } from '@tenantry/shared';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { keyFromName } from '#web/lib/content/content-fields.ts';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useForkFramework } from '../api/fork-framework.ts';
import { t } from '../messages.ts';

interface ForkFrameworkModalProps {
  /** The global framework to fork (null: closed). */
  framework: { id: string; name: string; latestVersion: number | null } | null;
  onClose: () => void;
}

/**
 * "Fork": a global framework's latest version copied into the account's private library with
 * its stable keys; the fork opens in the editor and keeps in step with the upstream.
 */
export function ForkFrameworkModal({ framework, onClose }: ForkFrameworkModalProps) {
  return (
    <Modal opened={framework !== null} onClose={onClose} title={t('fork.title')} size="lg">
      {framework ? <ForkForm framework={framework} onClose={onClose} /> : null}
    </Modal>
  );
}

function ForkForm({
  framework,
  onClose,
}: {
  framework: NonNullable<ForkFrameworkModalProps['framework']>;
  onClose: () => void;
}) {
  const fork = useForkFramework(framework.id);
  const navigate = useNavigate();
  const [formError, setFormError] = useState<unknown>(null);
  const [keyEdited, setKeyEdited] = useState(false);
  const form = useForm<{ name: string; key: string }>({
    initialValues: { name: framework.name, key: keyFromName(`${framework.name} own`) },
    validate: schemaResolver(ForkFrameworkSchema, { sync: true }),
  });

  async function submit(values: ForkFramework) {
    setFormError(null);
    try {
      const detail = await fork.mutateAsync(values);
      notifications.show({ message: t('fork.done', { name: detail.name }), color: 'green' });
      onClose();
      void navigate(`/contentAdmin/frameworks/${encodeURIComponent(detail.id)}`);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'content.key_taken') {
        form.setFieldError('key', err.message);
        return;
      }
      if (!applyServerErrors(form, err)) setFormError(err);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={t('fork.title')}>
      <Stack gap="sm">
        {formError ? <ErrorAlert error={formError} /> : null}
        <Text size="sm">
          {t('fork.intro', { version: framework.latestVersion ?? 1, name: framework.name })}
        </Text>
        <TextInput
          label={t('fork.name')}
          required
          data-autofocus
          {...form.getInputProps('name')}
          onChange={(e) => {
            const name = e.currentTarget.value;
            form.setFieldValue('name', name);
            if (!keyEdited) form.setFieldValue('key', keyFromName(name));
          }}
        />
        <TextInput
          label={t('fork.key')}
          description={t('fork.key.description')}
          required
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('key')}
          onChange={(e) => {
            setKeyEdited(true);
            form.setFieldValue('key', e.currentTarget.value);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={fork.isPending}>
            {t('fork.cancel')}
          </Button>
          <Button type="submit" loading={fork.isPending}>
            {t('fork.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
