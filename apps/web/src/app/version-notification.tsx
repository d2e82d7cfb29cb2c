import { NEW_VERSION_ACTION, NEW_VERSION_MESSAGE } from '@tenantry/shared';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { theme } from './theme.ts';
import { t } from './messages.ts';

export const NEW_VERSION_NOTIFICATION_ID = 'new-version';

/**
 * The new-version notice: stays until dismissed, at the top, in the primary colour, with a
 * download icon, the message and one action (reload).
 */
export function showNewVersionNotification(reload: () => void = () => window.location.reload()) {
  notifications.show({
    id: NEW_VERSION_NOTIFICATION_ID,
    position: 'top-center',
    autoClose: false,
    withCloseButton: true,
    color: theme.primaryColor,
    icon: <IconDownload size={18} aria-hidden />,
    closeButtonProps: { 'aria-label': t('close.dismiss') },
    message: (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{NEW_VERSION_MESSAGE}</Text>
        <Button size="xs" onClick={reload}>
          {NEW_VERSION_ACTION}
        </Button>
      </Stack>
    ),
  });
}
