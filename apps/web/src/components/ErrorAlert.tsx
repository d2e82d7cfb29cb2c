import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { planRefusalOf } from '#web/lib/billing-errors.ts';
import { UpgradePrompt } from './UpgradePrompt.tsx';
import { t } from './messages.ts';

type ErrorAlertProps = Omit<AlertProps, 'color' | 'variant' | 'icon' | 'role'> & {
  /**
   * The failure itself. When the plan refused it (402 `billing.limit_reached`,
   * `billing.feature_locked`, `billing.read_only`) an upgrade prompt shows instead; otherwise the
   * children, or the error's message when there are none.
   */
  error?: unknown;
};

/** The one look of an error message: red, with an icon, announced to screen readers. */
export function ErrorAlert({ error, children, ...props }: ErrorAlertProps) {
  const refusal = error === undefined ? null : planRefusalOf(error);
  if (refusal) {
    return (
      <UpgradePrompt
        refusal={refusal}
        mt={props.mt}
        withCloseButton={props.withCloseButton}
        onClose={props.onClose}
      />
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      role="alert"
      {...props}
    >
      {children ??
        (error instanceof Error && error.message ? error.message : t('errorAlert.generic'))}
    </Alert>
  );
}
