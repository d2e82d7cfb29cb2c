import type { Share } from '@tenantry/shared';
import { Alert, Text } from '@mantine/core';
import { ConfirmModal } from '#web/components/ConfirmModal.tsx';
import { useRevokeShare } from '../api/revoke-share.ts';
import { sharingErrorMessage } from '../lib/sharing-messages.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** Confirms and revokes one share; the shared user loses access on their next request. */
export function RevokeShareModal({ share, onClose }: { share: Share | null; onClose: () => void }) {
  const revoke = useRevokeShare();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={share !== null}
      title={t('revoke.title')}
      confirmLabel={t('revoke.confirm')}
      pending={revoke.isPending}
      error={
        revoke.isError ? (
          <Alert color="red" variant="light" role="alert">
            {sharingErrorMessage(revoke.error)}
          </Alert>
        ) : null
      }
      onClose={close}
      onConfirm={() => share && revoke.mutate(share.id, { onSuccess: close })}
    >
      {share ? (
        <Text size="sm">
          {rich(
            t,
            'revoke.body',
            {},
            {
              email: <strong>{share.email}</strong>,
              tenant: <strong>{share.tenantName}</strong>,
            },
          )}
        </Text>
      ) : null}
    </ConfirmModal>
  );
}
