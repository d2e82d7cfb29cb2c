import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from './messages.ts';

/**
 * "Are you sure?" for one destructive action: what will happen, the error of a failed try, and
 * Cancel / the action (red, busy while it runs). The caller owns the mutation: `onConfirm`
 * runs it, `onClose` closes (and should reset it).
 */
export function ConfirmModal({
  opened,
  title,
  children,
  error,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  /** What the action does, said plainly. */
  children: ReactNode;
  /** Shown above the buttons when the last try failed (e.g. an ErrorAlert). */
  error?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {opened ? (
        <Stack gap="md">
          {children}
          {error ?? null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button color="red" loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
