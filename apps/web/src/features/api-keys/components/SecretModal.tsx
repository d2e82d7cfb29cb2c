import type { CreatedApiKey } from '@tenantry/shared';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { curlExample } from '../lib/api-key-view.ts';

function CopyText({
  value,
  label,
  copiedLabel,
}: {
  value: string;
  label: string;
  copiedLabel: string;
}) {
  return (
    <CopyButton value={value} timeout={3000}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant={copied ? 'light' : 'filled'}
          color={copied ? 'teal' : undefined}
          leftSection={
            copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
          }
          onClick={copy}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}

/**
 * The new key's secret, shown this once: copy it, with a first request to try it. Closing the
 * dialog drops the secret; nothing on the page can show it again.
 */
export function SecretModal({
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
          <Stack gap={6}>
            <Text size="sm" fw={600} id="api-key-secret-label">
              Secret of “{created.key.name}”
            </Text>
            <Code
              block
              aria-labelledby="api-key-secret-label"
              data-testid="api-key-secret"
              style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', userSelect: 'all' }}
            >
              {created.secret}
            </Code>
            <Group>
              <CopyText value={created.secret} label="Copy key" copiedLabel="Key copied" />
            </Group>
          </Stack>
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
              <CopyText
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
