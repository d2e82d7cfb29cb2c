import type { ApiKey } from '@tenantry/shared';
import { Code, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { prefixLabel } from '../lib/api-key-view.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

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
      title={t('revoke.title')}
      confirmLabel={t('revoke.confirm')}
      pending={revoke.isPending}
      error={revoke.isError ? <ErrorAlert title={t('revoke.failed')} error={revoke.error} /> : null}
      onClose={close}
      onConfirm={() =>
        apiKey &&
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            notifications.show({
              color: 'green',
              message: t('revoke.done', { name: apiKey.name }),
            });
            close();
          },
        })
      }
    >
      {apiKey ? (
        <Text size="sm">
          {rich(
            t,
            'revoke.body',
            {},
            {
              name: <strong>{apiKey.name}</strong>,
              prefix: <Code>{prefixLabel(apiKey)}</Code>,
            },
          )}
        </Text>
      ) : null}
    </ConfirmModal>
  );
}
