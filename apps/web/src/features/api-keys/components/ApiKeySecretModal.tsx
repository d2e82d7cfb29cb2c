import type { CreatedApiKey } from '@tenantry/shared';
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyableSecret, CopyTextButton } from '#web/components/CopyableSecret.tsx';
import { curlExample } from '../lib/api-key-view.ts';

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
      title="Your new API key"
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
            title="Copy it now: it will not be shown again"
          >
            Store it where your tool keeps its secrets. Tenantry keeps only a fingerprint of it and
            cannot show it again; if it is lost, revoke the key and create a new one.
          </Alert>
          <CopyableSecret
            label={`Secret of “${created.key.name}”`}
            value={created.secret}
            testId="api-key-secret"
            copyLabel="Copy key"
            copiedLabel="Key copied"
          />
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              Try it
            </Text>
            <Text size="sm" c="dimmed">
              Every request sends the key in the Authorization header:
            </Text>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {curlExample(origin, created.secret)}
            </Code>
            <Group>
              <CopyTextButton
                value={curlExample(origin, created.secret)}
                label="Copy command"
                copiedLabel="Command copied"
              />
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied it</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
