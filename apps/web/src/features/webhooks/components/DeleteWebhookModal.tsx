import type { Webhook } from '@tenantry/shared';
import { Code, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

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
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      pending={remove.isPending}
      error={remove.isError ? <ErrorAlert title={t('delete.failed')} error={remove.error} /> : null}
      onClose={close}
      onConfirm={() =>
        webhook &&
        remove.mutate(webhook.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('delete.done') });
            close();
          },
        })
      }
    >
      {webhook ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {rich(t, 'delete.body', {}, { url: <Code>{webhook.url}</Code> })}
        </Text>
      ) : null}
    </ConfirmModal>
  );
}
