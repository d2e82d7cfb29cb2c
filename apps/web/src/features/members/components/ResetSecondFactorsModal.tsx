import type { Member } from '@tenantry/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useResetSecondFactors } from '../api/reset-second-factors.ts';
import { t } from '../messages.ts';

/** An owner resets a member's lost second factors (docs/identity.md), after saying what it does. */
export function ResetSecondFactorsModal({
  member,
  onClose,
}: {
  member: Member | null;
  onClose: () => void;
}) {
  const reset = useResetSecondFactors();
  const close = () => {
    reset.reset();
    onClose();
  };
  return (
    <Modal opened={member !== null} onClose={close} title={t('reset.title')} centered>
      <Stack>
        <Text size="sm">
          {t('reset.body', {
            name: member?.name || member?.email || '',
            email: member?.email ?? '',
          })}
        </Text>
        {reset.error ? <ErrorAlert>{reset.error.message}</ErrorAlert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('reset.cancel')}
          </Button>
          <Button
            color="red"
            loading={reset.isPending}
            onClick={() => {
              if (!member) return;
              const who = member.email;
              reset.mutate(member.userId, {
                onSuccess: () => {
                  notifications.show({
                    color: 'teal',
                    message: t('reset.done', { email: who }),
                  });
                  close();
                },
              });
            }}
          >
            {t('reset.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
