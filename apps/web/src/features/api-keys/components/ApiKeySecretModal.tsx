import type { CreatedApiKey } from '@tenantry/shared';
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyableSecret, CopyTextButton } from '#web/components/CopyableSecret.tsx';
import { curlExample } from '../lib/api-key-view.ts';
import { t } from '../messages.ts';

/**
 * The new key's secret, shown this once: copy it, with a first request to try it. Closing the
 * dialog drops the secret; nothing on the page can show it again.
 */
export function ApiKeySecretModal({
  created,
  origin,
  onClose,
}: {
  /** The key just created with its secret; null when there is none to show. */
  created: CreatedApiKey | null;
  /** Where the API is reached, for the example request. */
  origin: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t('secret.title')}
      size="lg"
      // A click beside the dialog must not lose the secret before it was copied.
      closeOnClickOutside={false}
    >
      {created ? (
        <Stack gap="md">
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('secret.warning.title')}
          >
            {t('secret.warning.body')}
          </Alert>
          <CopyableSecret
            label={t('secret.label', { name: created.key.name })}
            value={created.secret}
            testId="api-key-secret"
            copyLabel={t('secret.copy')}
            copiedLabel={t('secret.copied')}
          />
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('secret.try.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('secret.try.header')}
            </Text>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {curlExample(origin, created.secret)}
            </Code>
            <Group>
              <CopyTextButton
                value={curlExample(origin, created.secret)}
                label={t('secret.try.copy')}
                copiedLabel={t('secret.try.copied')}
              />
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('secret.done')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
