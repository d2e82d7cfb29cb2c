import { CHECKOUT_OUTCOMES } from '@tenantry/shared';
import { screenTitle } from '#web/lib/labels.ts';
import { Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { outcomeState } from '#web/features/billing/lib/checkout-outcome.ts';
import { analytics, outcomeEvent } from '#web/lib/analytics.ts';
import type { ScreenProps } from '#web/app/route-handle.ts';
import { t } from '../../messages.ts';

type OutcomeScreen = keyof typeof CHECKOUT_OUTCOMES;

function isOutcome(screen: string): screen is OutcomeScreen {
  return screen in CHECKOUT_OUTCOMES;
}

/**
 * Where an outcome sends the user: the account screen (/admin, as the seed says), on its
 * billing tab, where the plan, its usage and the invoices show what changed.
 */
const OUTCOME_DESTINATION = '/admin/billing';

/**
 * A checkout or subscription outcome records its analytics event, then sends the
 * user to the account's billing tab (/admin/billing). The event is sent (awaited) before leaving so it cannot be lost. The
 * outcome rides along in the router state, so the billing tab says what happened.
 */
export default function CheckoutOutcomeScreen({ screen }: ScreenProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // StrictMode runs effects twice; the ref survives that, so the event is recorded once.
  // No cleanup cancels the redirect: the second run must not be the one that navigates.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !isOutcome(screen)) return;
    started.current = true;
    analytics.track(outcomeEvent(CHECKOUT_OUTCOMES[screen], screen, pathname));
    void analytics.flush().finally(() => {
      void navigate(OUTCOME_DESTINATION, { replace: true, state: outcomeState(screen) });
    });
  }, [screen, pathname, navigate]);

  return (
    <AuthCard title={screenTitle(screen)}>
      <Text size="sm" role="status">
        {t('checkout.redirecting')}
      </Text>
      <Loader size="sm" aria-hidden />
    </AuthCard>
  );
}
