import type { Webhook } from '@tenantry/shared';
import { Code, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useDeleteWebhook } from '../api/delete-webhook.ts';

/** "Delete webhook?": nothing is sent to it any more and its delivery log goes with it. */
export function DeleteWebhookModal({
  webhook,
  onClose,
}: {
  webhook: Webhook | null;
  onClose: () => void;
}) {
  const remove = useDeleteWebhook();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={webhook !== null}
      title="Delete webhook endpoint?"
      confirmLabel="Delete endpoint"
      pending={remove.isPending}
      error={
        remove.isError ? (
          <ErrorAlert title="The endpoint was not deleted" error={remove.error} />
        ) : null
      }
      onClose={close}
      onConfirm={() =>
        webhook &&
        remove.mutate(webhook.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: 'The endpoint was deleted.' });
            close();
          },
        })
      }
    >
      {webhook ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Tenantry stops sending events to <Code>{webhook.url}</Code>, and its delivery log is
          deleted with it. This cannot be undone.
        </Text>
      ) : null}
    </ConfirmModal>
  );
}
