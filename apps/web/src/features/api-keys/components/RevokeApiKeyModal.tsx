import type { ApiKey } from '@tenantry/shared';
import { Code, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
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
    <ConfirmModal
      opened={apiKey !== null}
      title="Revoke API key?"
      confirmLabel="Revoke key"
      pending={revoke.isPending}
      error={
        revoke.isError ? <ErrorAlert title="The key was not revoked" error={revoke.error} /> : null
      }
      onClose={close}
      onConfirm={() =>
        apiKey &&
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `${apiKey.name} was revoked.` });
            close();
          },
        })
      }
    >
      {apiKey ? (
        <Text size="sm">
          <strong>{apiKey.name}</strong> (<Code>{prefixLabel(apiKey)}</Code>) stops working at once:
          every tool that uses it is refused from its next request. This cannot be undone.
        </Text>
      ) : null}
    </ConfirmModal>
  );
}
