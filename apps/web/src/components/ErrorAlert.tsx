import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The one look of an error message: red, with an icon, announced to screen readers. */
export function ErrorAlert(props: Omit<AlertProps, 'color' | 'variant' | 'icon' | 'role'>) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      role="alert"
      {...props}
    />
  );
}
