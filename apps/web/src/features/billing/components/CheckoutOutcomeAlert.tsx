import { Alert, Anchor, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useRefreshBilling } from '../api/get-billing.ts';
import { OUTCOME_MESSAGES, type CheckoutOutcome } from '../lib/checkout-outcome.ts';

interface CheckoutOutcomeAlertProps {
  outcome: CheckoutOutcome;
  onClose: () => void;
  /** Offers the way to the billing tab (when another tab is open). */
  billingHref?: string;
}

/**
 * What happened at checkout or on a plan change, said once on the account page; the plan
 * shown under Billing is asked for again, since it changed elsewhere.
 */
export function CheckoutOutcomeAlert({ outcome, onClose, billingHref }: CheckoutOutcomeAlertProps) {
  const refresh = useRefreshBilling();
  useEffect(() => {
    void refresh();
  }, [outcome, refresh]);
  const { title, message, color } = OUTCOME_MESSAGES[outcome];
  return (
    <Alert
      color={color}
      variant="light"
      title={title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role="status"
      mb="md"
    >
      <Text size="sm">
        {message}
        {billingHref ? (
          <>
            {' '}
            <Anchor component={Link} to={billingHref} size="sm">
              Open Billing
            </Anchor>
          </>
        ) : null}
      </Text>
    </Alert>
  );
}
