import type { ApiKey } from '@tenantry/shared';
import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { prefixLabel } from '../lib/api-key-view.ts';

/** "Revoke key?": tools using it are refused from then on; it stays in the list as revoked. */
export function RevokeApiKeyModal({
  apiKey,
  onClose,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
}) {
  const revoke = useRevokeApiKey();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal opened={apiKey !== null} onClose={close} title="Revoke API key?" centered>
      {apiKey ? (
        <Stack gap="md">
          <Text size="sm">
            <strong>{apiKey.name}</strong> (<Code>{prefixLabel(apiKey)}</Code>) stops working at
            once: every tool that uses it is refused from its next request. This cannot be undone.
          </Text>
          {revoke.isError ? (
            <ErrorAlert title="The key was not revoked" error={revoke.error} />
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(apiKey.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: `${apiKey.name} was revoked.` });
                    close();
                  },
                })
              }
            >
              Revoke key
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
