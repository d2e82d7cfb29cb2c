import type { Share } from '@tenantry/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRevokeShare } from '../api/revoke-share.ts';
import { sharingErrorMessage } from '../lib/sharing-messages.ts';

/** Confirms and revokes one share; the shared user loses access on their next request. */
export function RevokeShareModal({ share, onClose }: { share: Share | null; onClose: () => void }) {
  const revoke = useRevokeShare();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal opened={share !== null} onClose={close} title="Revoke access?" centered>
      {share ? (
        <Stack gap="md">
          <Text size="sm">
            <strong>{share.email}</strong> will no longer be able to open{' '}
            <strong>{share.tenantName}</strong>. Access ends on their next click.
          </Text>
          {revoke.isError ? (
            <Alert color="red" variant="light" role="alert">
              {sharingErrorMessage(revoke.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => revoke.mutate(share.id, { onSuccess: close })}
            >
              Revoke access
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
