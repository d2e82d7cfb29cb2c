import { Alert, Anchor, Text } from '@mantine/core';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { billingKeys } from '../api/billing-keys.ts';
import { useRefreshBilling } from '../api/get-billing.ts';
import { OUTCOME_MESSAGES, type CheckoutOutcome } from '../lib/checkout-outcome.ts';
import { t } from '../messages.ts';

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
  const qc = useQueryClient();
  useEffect(() => {
    // Asked for again once it has been read: a read already under way (or cached) may predate
    // the outcome, and a refresh before the plan's query exists would change nothing.
    const summary = hashKey(billingKeys.summary());
    if (qc.getQueryState(billingKeys.summary())?.dataUpdatedAt) {
      void refresh();
      return;
    }
    const unsubscribe = qc.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        event.query.queryHash === summary
      ) {
        unsubscribe();
        void refresh();
      }
    });
    return unsubscribe;
  }, [outcome, refresh, qc]);
  const { title, message, color } = OUTCOME_MESSAGES[outcome]();
  return (
    <Alert
      color={color}
      variant="light"
      title={title}
      withCloseButton
      closeButtonLabel={t('outcome.dismiss')}
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
              {t('outcome.openBilling')}
            </Anchor>
          </>
        ) : null}
      </Text>
    </Alert>
  );
}
