import { Alert, Anchor, Text, type AlertProps } from '@mantine/core';
import { IconLock, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PLANS_HREF, type PlanRefusal } from '#web/lib/billing-errors.ts';
import { t } from './messages.ts';

/**
 * Where a request was refused by the plan (a 402 from billing): what limit or feature it was,
 * and the way to the plans. A read-only account (payment overdue) links to billing instead.
 */
export function UpgradePrompt({
  refusal,
  ...props
}: { refusal: PlanRefusal } & Pick<AlertProps, 'mt' | 'mb' | 'withCloseButton' | 'onClose'>) {
  const readOnly = refusal.kind === 'readOnly';
  return (
    <Alert
      color={readOnly ? 'orange' : 'indigo'}
      variant="light"
      role="alert"
      title={refusal.title}
      icon={readOnly ? <IconLock size={18} aria-hidden /> : <IconSparkles size={18} aria-hidden />}
      {...props}
      data-testid="upgrade-prompt"
    >
      <Text size="sm">{refusal.message}</Text>
      <Anchor component={Link} to={PLANS_HREF} size="sm" fw={500} c="inherit">
        {readOnly ? t('upgrade.billing') : t('upgrade.plans')}
      </Anchor>
    </Alert>
  );
}
