import type { Webhook } from '@tenantry/shared';
import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
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
    <Modal opened={webhook !== null} onClose={close} title="Delete webhook endpoint?" centered>
      {webhook ? (
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Tenantry stops sending events to <Code>{webhook.url}</Code>, and its delivery log is
            deleted with it. This cannot be undone.
          </Text>
          {remove.isError ? (
            <ErrorAlert title="The endpoint was not deleted" error={remove.error} />
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(webhook.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: 'The endpoint was deleted.' });
                    close();
                  },
                })
              }
            >
              Delete endpoint
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
